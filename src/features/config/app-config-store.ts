import { makeAutoObservable, runInAction } from 'mobx';
import { CODE_OK, type AppConfig } from '../../../contract/api';
import { fetchInit } from '../../api/common';
import type { HttpClient } from '../../api/http-client';
import type { Clearable } from '../../lib/clearable';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';

/**
 * The server's public configuration (docs/requirements.md#state: config): payment and OAuth
 * settings, service hours, contact channels. Kept from the last launch until the new one arrives.
 */
export class AppConfigStore implements Clearable {
  config: AppConfig | null;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly http: HttpClient,
  ) {
    this.config = readJson<AppConfig>(storage, STORAGE_KEYS.config);
    makeAutoObservable<AppConfigStore, 'storage' | 'http'>(this, { storage: false, http: false });
  }

  async load(): Promise<void> {
    try {
      const envelope = await fetchInit(this.http);
      if (envelope.code !== CODE_OK) return;
      runInAction(() => {
        this.config = envelope.data;
        writeJson(this.storage, STORAGE_KEYS.config, envelope.data);
      });
    } catch {
      // The stored config, if any, stays in use until the next launch.
    }
  }

  /**
   * The public config is not the customer's: after the root store wiped storage (logout, a
   * 401) it is written back, as the language is.
   */
  clear(): void {
    writeJson(this.storage, STORAGE_KEYS.config, this.config);
  }
}
