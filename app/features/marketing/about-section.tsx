import { Play } from 'lucide-react';
import { useState } from 'react';
import { about } from '~/content/home';
import { site } from '~/content/site';

/** A click-to-load facade: nothing is requested from the video host before the click. */
export function AboutSection() {
  const [playing, setPlaying] = useState(false);
  return (
    <section aria-labelledby="about-heading" className="render-when-near bg-slate-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-6 py-20 md:grid-cols-2">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold text-ink">
            {about.heading}
          </h2>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
        <div className="relative aspect-video overflow-hidden rounded-2xl bg-brand-900 shadow-lg">
          {playing ? (
            <iframe
              className="absolute inset-0 h-full w-full"
              src={`${site.aboutVideo.host}/embed/${site.aboutVideo.id}?autoplay=1&rel=0`}
              title={site.aboutVideo.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          ) : (
            <button
              type="button"
              onClick={() => setPlaying(true)}
              // Inside the frame (it clips anything outside), white on the dark poster.
              className="group absolute inset-0 h-full w-full focus-visible:outline-white focus-visible:[outline-offset:-8px]"
            >
              <img
                src="/media/about-poster.webp"
                alt=""
                width={1280}
                height={720}
                loading="lazy"
                className="h-full w-full object-cover"
              />
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-lg transition-transform group-hover:scale-110">
                  <Play aria-hidden="true" className="ml-1 h-8 w-8" />
                </span>
              </span>
              <span className="sr-only">{about.playLabel}</span>
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
