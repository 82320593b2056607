// The file store's shape, apart from the service that picks one, so that the stores (local-store.ts, s3-store.ts)
// and everything handed a store import this and nothing above it.

/** Where the bytes live; the metadata lives in the stored_file table. */
export type FileStore = {
  kind: 'local' | 's3';
  bucket: string;
  /** The folder or the bucket URL, for logs and support. */
  location: string;
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  get(path: string): Promise<Buffer>;
  /** A missing object is not an error. */
  remove(path: string): Promise<void>;
  /** Fails with 'storage/bucket-not-found' when the bucket is missing (HeadBucket on S3). */
  check(): Promise<void>;
};

export type StoreLogger = { error(object: object, message: string): void };
