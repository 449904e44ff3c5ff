/** Types for @adobe/structured-data-validator (plain JavaScript): what the job posting test uses of it. */
declare module '@adobe/structured-data-validator' {
  export interface StructuredDataIssue {
    rootType: string
    issueMessage: string
    severity: 'ERROR' | 'WARNING'
    fieldNames?: string[]
  }
  /** Google's rich result rules per schema.org type; takes what @marbec/web-auto-extractor extracts. */
  export default class Validator {
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<StructuredDataIssue[]>
  }
}
