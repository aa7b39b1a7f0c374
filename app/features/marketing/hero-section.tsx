import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { hero } from '~/content/home';

/**
 * The poster is a real image that paints first; the video has `preload="none"` and only
 * starts once the page has loaded and the browser is idle (`whenIdleAfterLoad`), and never
 * when the visitor prefers reduced motion. Without
 * JavaScript the video stays hidden (`html.js` is set by an inline script): browsers give a
 * video native controls when scripts are off, which would put a control bar on the hero.
 */
export function HeroSection() {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    return whenIdleAfterLoad(() => {
      video.play().catch(() => {
        // Autoplay refused (data saver, power saving): the poster stays, which is fine.
      });
    });
  }, []);

  return (
    <section
      aria-labelledby="hero-heading"
      className="surface-dark relative isolate overflow-hidden bg-brand-900 text-white"
    >
      <img
        src="/media/hero-poster.webp"
        alt=""
        width={1280}
        height={720}
        fetchPriority="high"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <video
        ref={videoRef}
        className="absolute inset-0 -z-10 hidden h-full w-full object-cover [.js_&]:block"
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div className="absolute inset-0 -z-10 bg-brand-900/55" aria-hidden="true" />
      <div className="mx-auto flex min-h-[28rem] max-w-6xl flex-col justify-center px-6 py-20 md:min-h-[34rem]">
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl"
        >
          {hero.headline}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-brand-50 md:text-xl">{hero.welcome}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link
            to="/enroll"
            className="inline-flex items-center rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink hover:bg-white"
          >
            {hero.enrollLabel}
          </Link>
          <a
            href="#faq"
            className="inline-flex items-center rounded-full border-2 border-white px-6 py-3 font-semibold text-white hover:bg-white hover:text-ink"
          >
            {hero.learnMoreLabel}
          </a>
        </div>
      </div>
    </section>
  );
}

/**
 * Runs `work` once the page has loaded and the main thread is idle; returns a cancel. Starting
 * the video downloads and decodes it, which on a phone competed with hydration for the main
 * thread and the network (decision 056). Where there is no requestIdleCallback (Safari), a
 * short timeout after the load stands in for it.
 */
function whenIdleAfterLoad(work: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(work, { timeout: 2_000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(work, 200);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
