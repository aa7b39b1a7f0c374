/**
 * What a route module may declare in its `handle` for the server to read, so the server
 * keeps no route's address (decision 076).
 */
export interface RouteHandle {
  /**
   * The route takes a multipart upload: its body is streamed to the action up to this many
   * bytes, instead of being read whole under the 64 KB limit of every other body.
   */
  uploadLimit?: number;
}
