import type { Track } from '~/db/schema';

export const TRACK_NAMES: Record<Track, string> = {
  frontend: 'FrontEnd',
  fullstack: 'FullStack',
};

/** The FullStack track includes the FrontEnd steps (DESIGN §13): its enrolment covers both. */
export function coversTrack(enrolledTracks: readonly Track[], track: Track): boolean {
  return enrolledTracks.includes(track) || enrolledTracks.includes('fullstack');
}

/** What Pay Now says instead of selling a track a person already has. */
export function alreadyEnrolledIn(track: Track): string {
  return `You’re enrolled in the ${TRACK_NAMES[track]} track — go to your course`;
}
