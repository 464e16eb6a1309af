/** Where encrypted document bytes live: a local folder by default, object storage by configuration. */
export interface StorageProvider {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes (retention); a key already gone is no error. */
  delete(key: string): Promise<void>;
}
