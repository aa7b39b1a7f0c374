/**
 * A download's answers, for the routes that serve files (decision 077): the file itself,
 * streamed as it is read, and the refusals a download gets as text, since it has no page
 * around it.
 */

/** A stream as a download named `fileName` of `contentType`, never cached or sniffed. */
export function streamedDownload(
  stream: ReadableStream<Uint8Array>,
  fileName: string,
  contentType: string,
): Response {
  return new Response(stream, {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A CSV stream as a download named `fileName`, never cached. */
export function csvDownload(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return streamedDownload(stream, fileName, 'text/csv; charset=utf-8');
}

/** A download's 403: `message` (the wording of the area's Permission Denied page), as text. */
export function deniedDownload(message: string): Response {
  return new Response(message, {
    status: 403,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * A download's guard: what `guard` admits (the viewer), or the 403 with `message` (the
 * wording of the area's Permission Denied page), as text.
 */
export async function guardDownload<Viewer>(
  guard: () => Promise<Viewer>,
  message: string,
): Promise<Viewer | Response> {
  try {
    return await guard();
  } catch (error) {
    // The guard refuses by throwing a 403 response; anything else is a real failure.
    if (error instanceof Error) throw error;
    return deniedDownload(message);
  }
}
