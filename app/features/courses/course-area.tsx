import type { ComponentProps } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoginButton } from '~/features/auth/login-button';
import { useRootData } from '~/root-data';
import { buttonClass } from '~/ui/button';
import { CourseMenu } from './course-menu';

/**
 * A student area's page (/fed, /fsd): its side menu, with the reader's name or the sign-in
 * button that brings them back here, and the step beside it.
 */
export function CourseArea(
  menu: Omit<ComponentProps<typeof CourseMenu>, 'viewer' | 'signInAction'>,
) {
  const { viewer } = useRootData();
  const location = useLocation();
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <CourseMenu
        {...menu}
        viewer={viewer}
        signInAction={
          <LoginButton
            label="Login With Google"
            returnTo={location.pathname}
            className={buttonClass('primary', 'w-full')}
          />
        }
      />
      <div className="min-w-0 flex-1 px-4 py-8 md:px-10">
        <Outlet />
      </div>
    </div>
  );
}
