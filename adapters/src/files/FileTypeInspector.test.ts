import { deflateRawSync, crc32 } from "node:zlib"
import { describe, expect, it } from "vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { DocumentReaders, FileInspector, Files, type UploadInput } from "@tawreed/core/files"
import { Actor, type UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { AuditLog, Transactions } from "@tawreed/core/shared"
import { layerMemoryFileRepository, layerMemoryFileStore, layerMemoryUploadGrants } from "@tawreed/core/testing"
import { FileTypeInspector } from "./FileTypeInspector.ts"

/** A zip archive of these entries, deflated, as Office and OpenDocument files are. */
const zip = (entries: Readonly<Record<string, string>>): Uint8Array => {
  const locals: Array<Buffer> = []
  const centrals: Array<Buffer> = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text)
    const packed = deflateRawSync(data)
    const fileName = Buffer.from(name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc32(data), 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc32(data), 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, packed)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

const docx = zip({
  "[Content_Types].xml":
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.' +
    'wordprocessingml.document.main+xml"/></Types>',
  "word/document.xml": '<?xml version="1.0"?><w:document xmlns:w="w"><w:body/></w:document>'
})
const plainZip = zip({ "notes.txt": "hello" })
/** The start of a Windows executable: the MZ header and a PE signature where its offset points. */
const exe = (() => {
  const bytes = new Uint8Array(512)
  bytes.set([0x4d, 0x5a], 0)
  bytes.set([0x80, 0, 0, 0], 0x3c)
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80)
  return bytes
})()
const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
const png = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89
])

const inspect = (bytes: Uint8Array) =>
  Effect.runPromise(
    Effect.flatMap(Effect.service(FileInspector), (i) => i.inspect(bytes)).pipe(Effect.provide(FileTypeInspector))
  )

const files = Files.layer.pipe(
  Layer.provide(
    Layer.mergeAll(
      layerMemoryFileRepository,
      layerMemoryFileStore,
      layerMemoryUploadGrants,
      FileTypeInspector,
      DocumentReaders.layer,
      Transactions.layerPassThrough,
      Layer.succeed(AuditLog, AuditLog.of({ record: () => Effect.void }))
    )
  )
)

const actor = new Actor({
  sessionId: "s",
  userId: crypto.randomUUID() as UserId,
  orgId: crypto.randomUUID() as OrgId,
  email: "a@example.test",
  displayName: "A",
  roles: [],
  privileges: []
})

const upload = (input: UploadInput) =>
  Effect.runPromiseExit(
    Effect.flatMap(Effect.service(Files), (f) => f.upload(actor, input)).pipe(Effect.provide(files))
  )

describe("FileTypeInspector", () => {
  it("recognises types by their bytes and hashes them", async () => {
    const found = await Promise.all([pdf, png, docx, plainZip, exe].map(inspect))
    expect(found.map((f) => Option.getOrUndefined(f.sniffed)?.mime)).toEqual([
      "application/pdf",
      "image/png",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "application/zip",
      "application/x-msdownload"
    ])
    const text = await inspect(new TextEncoder().encode("abc"))
    expect(Option.isNone(text.sniffed)).toBe(true)
    expect(text.sha256).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("refuses a Windows executable renamed .pdf, whatever kind it is uploaded as", async () => {
    for (const kind of ["pdf", "doc", "any", "image"]) {
      const exit = await upload({ kind, entity: "request", name: "invoice.pdf", bytes: exe })
      expect(Exit.isFailure(exit), kind).toBe(true)
      expect(JSON.stringify(exit), kind).toContain('"detected":"application/x-msdownload"')
    }
  })

  it("takes a Word document as a document, and a plain zip only under ANY", async () => {
    const word = await upload({ kind: "doc", entity: "request", name: "spec.bin", bytes: docx })
    expect(Exit.isSuccess(word) && word.value.mime).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    )
    expect(Exit.isFailure(await upload({ kind: "doc", entity: "request", name: "spec.docx", bytes: plainZip }))).toBe(
      true
    )
    expect(Exit.isSuccess(await upload({ kind: "any", entity: "request", name: "all.zip", bytes: plainZip }))).toBe(
      true
    )
  })
})
