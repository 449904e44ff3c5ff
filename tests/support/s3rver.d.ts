/** Types for s3rver (plain JavaScript): what the off-site backup test uses of it. */
declare module 's3rver' {
  /** An object as a PUT hands it to the store. */
  export interface ObjectToStore {
    bucket: string
    key: string
    content: Buffer | NodeJS.ReadableStream
    metadata: Record<string, string>
  }
  /** Where s3rver keeps buckets and objects (lib/stores/filesystem.js): what the support module replaces of it. */
  export interface FilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>
    putObject(object: ObjectToStore): Promise<{ size: number; md5: string }>
    putPart(
      bucket: string,
      uploadId: string,
      partNumber: number,
      content: NodeJS.ReadableStream,
    ): Promise<{ size: number; md5: string }>
  }
  export default class S3rver {
    store: FilesystemStore
    constructor(options: {
      address: string
      port: number
      silent?: boolean
      /** Where buckets and objects are kept, as files. */
      directory: string
      configureBuckets?: { name: string }[]
    })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
