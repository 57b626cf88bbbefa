/**
 * The marks of a server-rendered page (ADR 0032), shared by the gateway, which writes them, and the
 * SPA, which reads them.
 */

/** On #root when the gateway filled it: the SPA hydrates it rather than render it anew. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** The id of the `<script type="application/json">` holding the data the page was rendered from. */
export const SERVER_STATE_ID = 'daybreak-state';
/** Set on #root once the browser has hydrated the server's HTML. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
