/** How often to ask the server about a verification; tests shorten them. */
export interface IdentityPollTiming {
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this the page stops asking by itself; "check again", a reload or coming back asks again. */
  limitMs: number;
}

export const IDENTITY_POLL_TIMING: IdentityPollTiming = {
  firstDelayMs: 2000,
  maxDelayMs: 15_000,
  limitMs: 30 * 60 * 1000,
};

/** Whether the page is in front: polling pauses behind another app and resumes on return. */
export interface Visibility {
  hidden(): boolean;
  /** Calls back on every change; returns the unsubscribe. */
  onChange(callback: () => void): () => void;
}

export const documentVisibility: Visibility = {
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onChange(callback) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', callback);
    return () => document.removeEventListener('visibilitychange', callback);
  },
};
