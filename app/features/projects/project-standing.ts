import { projectsOfTrack, type Project, type ProjectTrack } from '~/content/projects';
import type { SubmissionStatus } from '~/db/schema';

/** The fields of a revision the standing needs: `SubmissionRecord` fits. */
interface Revision {
  projectId: string;
  revision: number;
  status: SubmissionStatus;
}

/** Each project's newest revision (the newest revision number wins), by project id. */
export function latestRevisions<Record extends Revision>(
  records: readonly Record[],
): Map<string, Record> {
  const latest = new Map<string, Record>();
  for (const record of records) {
    const seen = latest.get(record.projectId);
    if (!seen || record.revision > seen.revision) latest.set(record.projectId, record);
  }
  return latest;
}

export interface ProjectsStanding {
  approved: number;
  total: number;
  /** The first project of the course not approved yet, and where it stands; none once all are. */
  next: { project: Project; status: SubmissionStatus | null } | null;
}

/** "Projects: N of 7 approved" (4 on the FullStack track) and the next thing to do. */
export function projectsStanding(
  records: readonly Revision[],
  track: ProjectTrack,
): ProjectsStanding {
  const latest = latestRevisions(records);
  const catalogue = projectsOfTrack(track);
  const approved = catalogue.filter((project) => latest.get(project.id)?.status === 'approved');
  const nextProject = catalogue.find((project) => latest.get(project.id)?.status !== 'approved');
  return {
    approved: approved.length,
    total: catalogue.length,
    next: nextProject
      ? { project: nextProject, status: latest.get(nextProject.id)?.status ?? null }
      : null,
  };
}
