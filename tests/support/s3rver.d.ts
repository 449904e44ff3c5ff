/** Types for s3rver (plain JavaScript): what the off-site backup test uses of it. */
declare module 's3rver' {
  export default class S3rver {
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
