// Constants of docs/requirements.md#limits that the app and the server both obey.

export const BASE_PATH = '/h5/';
export const REQUEST_TIMEOUT_MS = 60_000;
/** A page chunk that has not arrived by then is a load error (docs/requirements.md#routes). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Fast page loads show no loading view at all. */
export const LOADING_VIEW_DELAY_MS = 200;
/** The loading view stops waiting and offers a retry. */
export const LOADING_VIEW_TIMEOUT_MS = 60_000;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
