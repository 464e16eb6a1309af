import { makeAutoObservable } from 'mobx';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error';
}

/** Screen-wide state that no domain owns: toasts and "sign in again" requests. */
export class UiStore {
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

  requireSignIn(): void {
    this.signInRequests += 1;
  }
}
