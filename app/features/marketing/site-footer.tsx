import { Mail, MessageCircle, Phone } from 'lucide-react';
import { site } from '~/content/site';

export function SiteFooter({ year }: { year: string }) {
  return (
    <footer className="surface-dark render-when-near bg-brand-900 text-brand-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-6 py-10 md:flex-row md:items-center md:justify-between">
        <p className="text-sm">
          © {year} {site.name}
        </p>
        <ul className="flex flex-col gap-3 text-sm sm:flex-row sm:gap-6" aria-label="Contact us">
          {[
            { icon: Mail, ...site.email },
            { icon: Phone, ...site.phone },
          ].map(({ icon: Icon, href, display }) => (
            <li key={href}>
              <a className="inline-flex items-center gap-2 hover:underline" href={href}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {display}
              </a>
            </li>
          ))}
          <li>
            <a
              className="inline-flex items-center gap-2 hover:underline"
              href={site.directMessage.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {site.directMessage.label}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
