import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { site } from '~/content/site';

/**
 * The building blocks of every e-mail. One template renders twice: as HTML (tables and
 * inline styles, which every mail client understands) and as the plain-text part, where
 * each block writes itself as text. A template therefore cannot have a text part that
 * says something its HTML does not.
 */
export type EmailFormat = 'html' | 'text';

interface EmailSettings {
  format: EmailFormat;
  /** The site's address (ORIGIN) that every link starts with. */
  origin: string;
}

export const EmailSettingsContext = createContext<EmailSettings>({
  format: 'html',
  origin: 'http://localhost:3000',
});

function useEmailSettings() {
  return useContext(EmailSettingsContext);
}

/** An absolute link to a page of the site. */
export function useSiteUrl(path: string): string {
  return `${useEmailSettings().origin}${path}`;
}

const colors = {
  brand: '#3730a3',
  ink: '#0f172a',
  muted: '#475569',
  page: '#f1f5f9',
  border: '#e2e8f0',
};
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function EmailLayout({
  preview,
  heading,
  children,
}: {
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  const { format, origin } = useEmailSettings();
  const host = new URL(origin).host;
  if (format === 'text') {
    return (
      <>
        {heading}
        {'\n'}
        {'='.repeat(Math.min(heading.length, 72))}
        {'\n\n'}
        {children}
        {'-- \n'}
        {site.name}
        {'\n'}
        {origin}
        {'\n'}
        {site.email.display}
        {'\n'}
      </>
    );
  }
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.page, fontFamily: font }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          backgroundColor: colors.brand,
                          color: '#ffffff',
                          padding: '16px 24px',
                          fontSize: 18,
                          fontWeight: 700,
                          borderRadius: '12px 12px 0 0',
                        }}
                      >
                        <a href={origin} style={{ color: '#ffffff', textDecoration: 'none' }}>
                          {site.name}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          backgroundColor: '#ffffff',
                          padding: '24px',
                          color: colors.ink,
                          fontSize: 16,
                          lineHeight: 1.6,
                          border: `1px solid ${colors.border}`,
                          borderTop: 'none',
                          borderRadius: '0 0 12px 12px',
                        }}
                      >
                        <h1 style={{ margin: '0 0 16px', fontSize: 24, lineHeight: 1.3 }}>
                          {heading}
                        </h1>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          color: colors.muted,
                          fontSize: 13,
                          lineHeight: 1.5,
                        }}
                      >
                        {site.name} ·{' '}
                        <a href={origin} style={{ color: colors.muted }}>
                          {host}
                        </a>
                        {' · '}
                        <a href={site.email.href} style={{ color: colors.muted }}>
                          {site.email.display}
                        </a>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  if (useEmailSettings().format === 'text')
    return (
      <>
        {children}
        {'\n\n'}
      </>
    );
  return <p style={{ margin: '0 0 16px' }}>{children}</p>;
}

/**
 * Someone's own words (a mentor's feedback): plain text with its line breaks kept, never
 * read as HTML. Set apart from the message's own paragraphs.
 */
export function QuotedText({ children }: { children: string }) {
  if (useEmailSettings().format === 'text') return <>{`${children}\n\n`}</>;
  const lines = children.split(/\r\n|\r|\n/);
  return (
    <p
      style={{
        margin: '0 0 16px',
        padding: '12px 16px',
        borderLeft: `4px solid ${colors.border}`,
        backgroundColor: colors.page,
      }}
    >
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

export function BulletList({ items }: { items: readonly string[] }) {
  if (useEmailSettings().format === 'text') {
    return (
      <>
        {items.map((item) => `- ${item}\n`).join('')}
        {'\n'}
      </>
    );
  }
  return (
    <ul style={{ margin: '0 0 16px', paddingLeft: 20 }}>
      {items.map((item) => (
        <li key={item} style={{ marginBottom: 6 }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The message's one main action; in the text part, its label and the address. */
export function ActionButton({ href, children }: { href: string; children: string }) {
  if (useEmailSettings().format === 'text') return <>{`${children}: ${href}\n\n`}</>;
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          backgroundColor: colors.brand,
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 8,
          fontWeight: 700,
          textDecoration: 'none',
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** A link inside a sentence; the text part writes the address after the words. */
export function TextLink({ href, children }: { href: string; children: string }) {
  if (useEmailSettings().format === 'text') {
    return <>{href === `mailto:${children}` ? children : `${children} (${href})`}</>;
  }
  return (
    <a href={href} style={{ color: colors.brand }}>
      {children}
    </a>
  );
}
