import { site } from '../../../content/site'
import { useRequestInfo } from '../../request-info'

export function Copyright() {
  const year = new Date(useRequestInfo().now).getUTCFullYear()
  return <p className="copyright">{`© ${year} ${site.name}. All rights reserved.`}</p>
}
