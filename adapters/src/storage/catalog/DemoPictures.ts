import { crc32, deflateSync } from "node:zlib"

/**
 * The demo catalog's product pictures: small PNGs drawn here (a tinted tile with a lighter disc and a band, in the
 * hue of the product's category, varied by the product), so that a new user sees pictures the product serves from
 * its own file store (`/api/media_upload/{id}`) on first start, with no image bundled in the repository. PNG is
 * written by hand because it is a few lines over node:zlib; nothing else in the product draws images.
 */
const size = 96

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}

/** An RGB colour from a hue (0–360), a saturation and a lightness (0–1). */
const hsl = (h: number, s: number, l: number): readonly [number, number, number] => {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

/** A product's picture as PNG bytes: `hue` its category's, `variant` moving the disc and the band. */
export const productPicture = (hue: number, variant: number): Uint8Array => {
  const background = hsl(hue, 0.55, 0.9)
  const disc = hsl(hue, 0.5, 0.55 + (variant % 3) * 0.08)
  const band = hsl((hue + 30) % 360, 0.45, 0.4)
  const cx = 34 + (variant % 5) * 7
  const cy = 40
  const r = 22
  const rows: Array<Buffer> = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3)
    for (let x = 0; x < size; x++) {
      const inDisc = (x - cx) ** 2 + (y - cy) ** 2 <= r * r
      const inBand = y >= 72 && y < 80 + (variant % 4) * 2
      const [red, green, blue] = inBand ? band : inDisc ? disc : background
      row[1 + x * 3] = red
      row[2 + x * 3] = green
      row[3 + x * 3] = blue
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", new Uint8Array())
  ])
}
