import type { Page } from '@playwright/test';
import { countUsersWithEmail, openMenu, signInThroughPopup, uniqueEmail } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('sign-in with the popup', () => {
  test('a new e-mail creates an account, shows the overlay and lands on /fed/home', async ({
    page,
  }) => {
    const email = uniqueEmail('new');
    await gotoApp(page, '/login');
    await expectNoAxeViolations(page);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('main').getByRole('link', { name: 'Login With Google' }).click();
    await expect(page.getByTestId('loading-overlay')).toBeVisible();
    const popup = await popupOpened;
    await popup.getByLabel('Email').fill(email);
    await popup.getByLabel('Display name').fill('Nadia New');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Account created successfully')).toBeVisible();
    await expect(page).toHaveURL('/fed/home');
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await openMenu(page);
    await expect(header(page).getByText('Hi, Nadia New')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'FrontEnd', exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => ({ ...localStorage }))).toMatchObject({
      isLoggedIn: 'true',
      username: '"Nadia New"',
      userExists: 'true',
    });
  });

  test('the same e-mail again is a login, not a new account; Logout signs out', async ({
    page,
  }) => {
    const email = uniqueEmail('again');
    await gotoApp(page, '/');
    await signInThroughPopup(page, { email, name: 'Nadia New' });
    await expect(page.getByText('Account created successfully')).toBeVisible();

    // A fresh browser session.
    await page.context().clearCookies();
    await gotoApp(page, '/');
    await signInThroughPopup(page, { email, name: 'Nadia New' });
    await expect(page.getByText('Login successfully')).toBeVisible();
    expect(countUsersWithEmail(email)).toBe(1);
    // The toast comes a moment before the move to /fed/home, which closes an open menu.
    await expect(page).toHaveURL('/fed/home');

    // Logout (again if the menu closed under the click as the move to /fed/home ended).
    await expect(async () => {
      await openMenu(page);
      await header(page).getByRole('button', { name: 'Logout' }).click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('Logout successfully.')).toBeVisible();
    await openMenu(page);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('false');
  });

  test('a second tab follows sign-in and logout without a reload', async ({ page, context }) => {
    const other = await context.newPage();
    await gotoApp(other, '/enroll');
    await gotoApp(page, '/enroll');
    await openMenu(other);
    await expect(header(other).getByRole('link', { name: 'Login' })).toBeVisible();

    await signInThroughPopup(page, { email: uniqueEmail('tabs'), name: 'Tara Tabs' });
    await expect(page).toHaveURL('/fed/home');
    await openMenu(other);
    await expect(header(other).getByText('Hi, Tara Tabs')).toBeVisible();

    await openMenu(page);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await openMenu(other);
    await expect(header(other).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(other).getByText('Hi, Tara Tabs')).toHaveCount(0);
    expect(other.url()).toContain('/enroll');
  });

  test('Cancel at the provider shows an error and creates no session and no user', async ({
    page,
  }) => {
    const email = uniqueEmail('cancel');
    await gotoApp(page, '/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('main').getByRole('link', { name: 'Login With Google' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByText('Sign-in was cancelled. Try again when you are ready. (user-cancelled)'),
    ).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page).toHaveURL('/login');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
    expect(countUsersWithEmail(email)).toBe(0);
  });

  test('closing the popup ends the overlay with popup-closed-by-user', async ({ page }) => {
    await gotoApp(page, '/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('main').getByRole('link', { name: 'Login With Google' }).click();
    const popup = await popupOpened;
    await expect(page.getByTestId('loading-overlay')).toBeVisible();
    await popup.close();
    await expect(
      page.getByText(
        'The sign-in window was closed before you finished. Try again. (popup-closed-by-user)',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  });

  test('an e-mail in ADMIN_EMAILS sees the Admin entry', async ({ page }) => {
    await gotoApp(page, '/');
    await signInThroughPopup(page, { email: 'admin@example.com', name: 'Ada Admin' });
    await expect(page).toHaveURL('/fed/home');
    await openMenu(page);
    await expect(header(page).getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await expect(header(page).getByText('Hi, Ada Admin')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a blocked popup falls back to a full-page redirect through the same routes', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await gotoApp(page, '/login');
    await page.getByRole('main').getByRole('link', { name: 'Login With Google' }).click();
    await expect(page.getByText('Local development sign-in')).toBeVisible();
    await page.getByLabel('Email').fill(uniqueEmail('redirect'));
    await page.getByLabel('Display name').fill('Rita Redirect');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/fed/home');
    await expect(page.getByText('Account created successfully')).toBeVisible();
  });
});
