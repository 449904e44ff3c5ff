/** Upload-to-201 time of phone photos of about 4 MB (each a different picture, so none is deduplicated). */
import { cameraJpeg } from '../../tests/support/images'

export interface UploadFigures {
  /** Size of each photo sent, and the time from sending it to the 201 (processed and stored). */
  megabytes: number
  runs: number
  medianMs: number
  maxMs: number
}

const UPLOAD_RUNS = 5

/** Signs in with `password`, uploads `runs` photos, and returns their figures and the URL of an 800 px variant. */
export async function benchUpload(
  base: string,
  password: string,
  runs = UPLOAD_RUNS,
): Promise<{ upload: UploadFigures; mediaUrl: string }> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password }),
  })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const times: number[] = []
  let bytes = 0
  let mediaUrl = ''
  for (let run = 0; run < runs; run++) {
    const photo = await cameraJpeg({ width: 4000, height: 3000, quality: 92, seed: run + 1 })
    bytes = photo.byteLength
    const form = new FormData()
    form.append('file', new File([Uint8Array.from(photo)], `photo-${run}.jpg`, { type: 'image/jpeg' }))
    const started = performance.now()
    const res = await fetch(`${base}/api/media`, { method: 'POST', headers: { origin: base, cookie }, body: form })
    times.push(performance.now() - started)
    if (res.status !== 201) throw new Error(`Upload answered ${res.status}`)
    const variants = ((await res.json()) as { variants: { width: number; url: string }[] }).variants
    mediaUrl = variants.find((variant) => variant.width === 800)!.url
  }
  times.sort((a, b) => a - b)
  return {
    upload: {
      megabytes: Math.round(bytes / 10_000) / 100,
      runs,
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      maxMs: Math.round(times.at(-1)!),
    },
    mediaUrl,
  }
}
