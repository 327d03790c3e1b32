// Time and memory to render a purchase order's PDF (adapters/src/print): a 10-line and a 200-line order, in English
// and in Arabic (shaped, right to left). Each case is rendered a few times first so that the figures are of a warm
// process, as a server's are; then median and slowest time over the runs, the PDF's pages and bytes, and the heap
// and resident memory the process grew by across the case. It prints figures; it asserts nothing.
//
//   node tests/bench/pdf.ts                 (BENCH_PDF_RUNS=20 for more runs; the default is 10)
import { renderPurchaseOrderPdf } from "@tawreed/adapters/print/PurchaseOrderPdf"
import { samplePurchaseOrderView } from "@tawreed/adapters/print/SamplePurchaseOrders"

const runs = Number(process.env["BENCH_PDF_RUNS"] ?? 10)
const warmup = 3
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`
const pagesOf = (pdf: Uint8Array) =>
  (
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Type \/Page\b/g) ?? []
  ).length

console.log(`PDF of a purchase order, ${runs} runs after ${warmup} to warm up (node ${process.version})`)
console.log("case          median    slowest   pages  bytes      heap +    rss +     first (cold)")
let first = true
for (const [locale, lines] of [
  ["en", 10],
  ["ar", 10],
  ["en", 200],
  ["ar", 200]
] as const) {
  const view = samplePurchaseOrderView(locale, lines)
  const before = process.memoryUsage()
  const coldStart = performance.now()
  let pdf = await renderPurchaseOrderPdf(view)
  const cold = performance.now() - coldStart
  for (let i = 1; i < warmup; i++) pdf = await renderPurchaseOrderPdf(view)
  const times: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    pdf = await renderPurchaseOrderPdf(view)
    times.push(performance.now() - start)
  }
  const after = process.memoryUsage()
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  const slowest = times[times.length - 1]!
  console.log(
    [
      `${locale} ${String(lines).padStart(3)} lines`.padEnd(14),
      `${median.toFixed(0)} ms`.padEnd(10),
      `${slowest.toFixed(0)} ms`.padEnd(10),
      String(pagesOf(pdf)).padEnd(7),
      `${(pdf.byteLength / 1024).toFixed(0)} KB`.padEnd(11),
      mb(after.heapUsed - before.heapUsed).padEnd(10),
      mb(after.rss - before.rss).padEnd(10),
      `${cold.toFixed(0)} ms${first ? " (loads the fonts and the shaper)" : ""}`
    ].join("")
  )
  first = false
}
