import { Mail, Phone } from 'lucide-react';
import { contactStrip } from '~/content/home';
import { site } from '~/content/site';
import { buttonClass } from '~/ui/button';

export function ContactStrip() {
  const [mailbox, domain] = site.email.display.split('@');
  return (
    <div className="surface-dark mt-12 flex flex-col gap-4 rounded-2xl bg-brand-800 p-6 text-white sm:p-8 md:flex-row md:items-center md:justify-between">
      <div>
        <h3 className="text-xl font-bold">{contactStrip.heading}</h3>
        <p className="mt-2 text-brand-100">{contactStrip.text}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <a href={site.phone.href} className={buttonClass('inverse')}>
          <Phone aria-hidden="true" className="h-4 w-4" />
          {site.phone.display}
        </a>
        <a href={site.email.href} className={buttonClass('inverse', 'max-w-full')}>
          <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
          {/* On a narrow phone the address may break after the @ rather than overflow. */}
          <span className="min-w-0">
            {mailbox}@
            <wbr />
            {domain}
          </span>
        </a>
      </div>
    </div>
  );
}
