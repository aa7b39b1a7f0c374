import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { faqItems } from '~/content/faq';
import { faqSection } from '~/content/home';
import { ContactStrip } from './contact-strip';

export function FaqSection() {
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section id="faq" aria-labelledby="faq-heading" className="render-when-near bg-slate-50">
      <div className="mx-auto max-w-3xl px-6 py-20">
        <h2 id="faq-heading" className="text-3xl font-bold text-ink">
          {faqSection.heading}
        </h2>
        <p className="mt-4 text-slate-700">{faqSection.intro}</p>
        <ul className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {faqItems.map((item) => {
            const open = openIds.has(item.id);
            const answerId = `faq-answer-${item.id}`;
            return (
              <li key={item.id}>
                <h3>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-4 px-6 py-4 text-left font-semibold text-ink hover:bg-slate-50"
                    aria-expanded={open}
                    aria-controls={answerId}
                    onClick={() => toggle(item.id)}
                  >
                    {item.title}
                    <ChevronDown
                      aria-hidden="true"
                      className={`h-5 w-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
                    />
                  </button>
                </h3>
                <div
                  id={answerId}
                  // Collapsed answers hide only once scripts run (see app.css): without
                  // JavaScript nothing could open them, so they stay visible.
                  className={`${open ? '' : 'collapsed-when-scripted'} px-6 pb-5 text-slate-700`}
                >
                  <p>{item.answer}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <ContactStrip />
      </div>
    </section>
  );
}
