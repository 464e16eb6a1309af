import { makeAutoObservable } from 'mobx';
import type { Clearable } from '../lib/clearable';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error';
}

/** Screen-wide state that no domain owns: toasts and "sign in again" requests. */
export class UiStore implements Clearable {
  toast: Toast | null = null;
  /** Bumped when a request answered 401: the router sends the customer to login. */
  signInRequests = 0;
  private nextId = 1;

  constructor() {
    makeAutoObservable(this);
  }

  showToast(text: string, kind: Toast['kind'] = 'info'): void {
    this.toast = { id: this.nextId++, text, kind };
  }

  dismissToast(id: number): void {
    if (this.toast?.id === id) this.toast = null;
  }

  /**
   * A toast may name the customer or their order. `signInRequests` stays: it only counts, and
   * the router reacts to its changes (a reset would read as one more request).
   */
  clear(): void {
    this.toast = null;
  }

  requireSignIn(): void {
    this.signInRequests += 1;
  }
}
