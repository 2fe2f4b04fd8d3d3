/**
 * How the web app's server entry hands a rendered page to the HTTP server: the finished HTML as
 * bytes on the Response under this key, with no body stream. Wrapping the bytes in a web stream
 * only for the server to read them back cost ~4% of an article render. `Symbol.for`: the web
 * build and the server bundle share the key, not a module instance.
 */
export const renderedPageBytes = Symbol.for("aurumwire.rendered-page-bytes");

type RenderedPageResponse = Response & { [renderedPageBytes]?: Uint8Array };

/** A Response for a rendered page: status and headers as usual, the page as bytes. */
export function renderedPageResponse(bytes: Uint8Array, init: ResponseInit): Response {
  const response: RenderedPageResponse = new Response(null, init);
  response[renderedPageBytes] = bytes;
  return response;
}

/** The page of a Response made by renderedPageResponse; undefined for any other Response. */
export function renderedPageOf(response: Response): Uint8Array | undefined {
  return (response as RenderedPageResponse)[renderedPageBytes];
}

/** The body of an answer from the web app: a rendered page's bytes, else its body read whole. */
export async function responseBytes(response: Response): Promise<Uint8Array | null> {
  const page = renderedPageOf(response);
  if (page) return page;
  return response.body ? new Uint8Array(await response.arrayBuffer()) : null;
}
