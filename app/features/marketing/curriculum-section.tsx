import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { curriculum, startCard, tracks } from '~/content/home';
import { buttonClass } from '~/ui/button';

/** `nextCohort`: "Next cohort starts …", or '' (the paragraph then takes no room). */
export function CurriculumSection({ nextCohort }: { nextCohort: string }) {
  return (
    <section aria-labelledby="curriculum-heading" className="render-when-near">
      <div className="mx-auto max-w-6xl px-6 py-20">
        <h2 id="curriculum-heading" className="text-3xl font-bold text-ink">
          {curriculum.heading}
        </h2>
        <p className="mt-4 max-w-3xl text-slate-700">{curriculum.intro}</p>
        <div className="mt-10 grid gap-8 md:grid-cols-2">
          {tracks.map((track) => (
            <article
              key={track.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="text-2xl font-bold text-brand-800">{track.name}</h3>
              <p className="mt-2 text-slate-700">{track.summary}</p>
              <ul className="mt-6 flex-1 space-y-4">
                {track.topics.map((topic) => (
                  <li key={topic.name} className="flex gap-3">
                    <CheckCircle2
                      aria-hidden="true"
                      className="mt-0.5 h-5 w-5 shrink-0 text-accent-500"
                    />
                    <span>
                      <strong className="block text-ink">{topic.name}</strong>
                      <span className="text-sm text-slate-700">{topic.detail}</span>
                    </span>
                  </li>
                ))}
              </ul>
              <Link
                to="/enroll"
                className={buttonClass('primary', 'mt-8 self-start')}
                aria-label={`${curriculum.enrollLabel}: ${track.name} track`}
              >
                {curriculum.enrollLabel}
              </Link>
            </article>
          ))}
        </div>
        <div className="surface-dark mt-10 rounded-2xl bg-brand-800 p-8 text-white">
          <h3 className="text-2xl font-bold">{startCard.title}</h3>
          <p className="mt-3 max-w-3xl text-brand-100">{startCard.text}</p>
          <p className="mt-3 font-semibold text-white empty:hidden">{nextCohort}</p>
          <Link to="/enroll" className={buttonClass('inverse', 'mt-6')}>
            {curriculum.enrollLabel}
          </Link>
        </div>
      </div>
    </section>
  );
}
