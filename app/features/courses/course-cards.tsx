import { ExternalLink } from 'lucide-react';
import type { CourseCard, ProjectCard } from '~/content/course-content.types';

/** The two looks of a card's links: its call to action, and a project's own links. */
const LINK_LOOKS = {
  button: {
    link: 'mt-4 inline-flex items-center gap-2 self-start rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700',
    icon: 'h-4 w-4',
  },
  inline: {
    link: 'inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline',
    icon: 'h-3.5 w-3.5',
  },
} as const;

/** A link that opens in a new tab and says so, with the card's title, to screen readers. */
function ExternalCardLink({
  href,
  label,
  cardTitle,
  look,
}: {
  href: string;
  label: string;
  cardTitle: string;
  look: keyof typeof LINK_LOOKS;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK_LOOKS[look].link}>
      {label}
      <span className="sr-only">: {cardTitle} (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className={LINK_LOOKS[look].icon} />
    </a>
  );
}

/** Image, title, description and the card's call to action; projects add their links. */
function CardFrame({ card, children }: { card: CourseCard; children?: React.ReactNode }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={card.image}
        alt={card.imageAlt}
        width={640}
        height={360}
        loading="lazy"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-ink">{card.title}</h3>
        <p className="mt-2 flex-1 text-sm text-slate-700">{card.description}</p>
        <ExternalCardLink href={card.link} label={card.cta} cardTitle={card.title} look="button" />
        {children}
      </div>
    </article>
  );
}

export function CourseCardView({ card }: { card: CourseCard }) {
  return <CardFrame card={card} />;
}

export function ProjectCardView({ project }: { project: ProjectCard }) {
  const links = [
    { label: 'Preview Project', href: project.previewURL },
    { label: 'Download Project Files', href: project.downloadURL },
    { label: 'View Solution', href: project.solutionURL },
  ];
  return (
    <CardFrame card={project}>
      <ul className="mt-4 space-y-1 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <ExternalCardLink
              href={link.href}
              label={link.label}
              cardTitle={project.title}
              look="inline"
            />
          </li>
        ))}
      </ul>
    </CardFrame>
  );
}
