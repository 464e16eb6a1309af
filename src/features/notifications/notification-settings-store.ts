import { makeAutoObservable, runInAction } from 'mobx';
import type { NotificationSettingsView } from '../../../contract/api';
import type { NotificationChannel, NotificationKind } from '../../../contract/notifications';
import type { HttpClient } from '../../api/http-client';
import { fetchNotificationSettings, postNotificationChoice } from '../../api/notifications';
import { toResult, type ActionResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import { Resource } from '../../lib/resource';

const EMPTY: NotificationSettingsView = { channels: { email: false, sms: false, wechat: false }, kinds: [] };

const keyOf = (kind: NotificationKind, channel: NotificationChannel) => `${kind}:${channel}`;

/**
 * The customer's notification channels per kind. A switch shows the new choice at once and is
 * held while its request runs; a refusal or a failed request puts the old choice back.
 */
export class NotificationSettingsStore implements Clearable {
  readonly settings: Resource<NotificationSettingsView>;
  /** `kind:channel` of the switches whose request is still running. */
  private readonly pending = new Set<string>();

  constructor(private readonly http: HttpClient) {
    this.settings = new Resource(() => fetchNotificationSettings(http), EMPTY);
    makeAutoObservable<NotificationSettingsStore, 'http'>(this, { http: false, settings: false });
  }

  /** Loads afresh, forgetting what an earlier visit (perhaps another account) saw. */
  open(): Promise<void> {
    this.settings.reset();
    return this.settings.load();
  }

  /** Which channels the customer has says they have an e-mail, a phone, a WeChat: forgotten. */
  clear(): void {
    this.settings.reset();
    this.pending.clear();
  }

  isPending(kind: NotificationKind, channel: NotificationChannel): boolean {
    return this.pending.has(keyOf(kind, channel));
  }

  private show(kind: NotificationKind, channel: NotificationChannel, enabled: boolean): void {
    const row = this.settings.data.kinds.find((k) => k.kind === kind);
    if (row) row[channel] = enabled;
  }

  async choose(kind: NotificationKind, channel: NotificationChannel, enabled: boolean): Promise<ActionResult | null> {
    const key = keyOf(kind, channel);
    if (this.pending.has(key)) return null;
    const before = this.settings.data.kinds.find((k) => k.kind === kind)?.[channel] ?? !enabled;
    this.pending.add(key);
    this.show(kind, channel, enabled);
    // Only this switch takes the server's answer: others may be waiting for their own.
    const result = await toResult(
      () => postNotificationChoice(this.http, { kind, channel, enabled }),
      (view) => view,
    );
    runInAction(() => {
      this.pending.delete(key);
      if (result.ok) {
        const saved = result.value.kinds.find((k) => k.kind === kind);
        this.show(kind, channel, saved ? saved[channel] : enabled);
        this.settings.data.channels = result.value.channels;
      } else {
        this.show(kind, channel, before);
      }
    });
    return result.ok ? { ok: true, msg: result.msg, value: undefined } : result;
  }
}
