import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { FileStoreConfig } from "@tawreed/adapters/files/FileStoreConfig"
import { startLocalS3, type LocalS3 } from "@tawreed/adapters/testing/LocalS3"
import {
  DocumentReaders,
  DocumentRef,
  type FileId,
  FileRepository,
  Files,
  FileStore,
  maxFileBytes,
  maxPendingUploads,
  unattachedLifetimeMs
} from "@tawreed/core/files"
import { Sessions } from "@tawreed/core/identity"
import { withoutIsolates } from "@tawreed/core/shared"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

const text = (value: string) => new TextEncoder().encode(value)
const pdf = text("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
const png = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0, 0x1f, 0x15, 0xc4, 0x89
])
/** The start of a Windows executable: the MZ header and a PE signature where its offset points. */
const exe = (() => {
  const bytes = new Uint8Array(512)
  bytes.set([0x4d, 0x5a], 0)
  bytes.set([0x80, 0, 0, 0], 0x3c)
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80)
  return bytes
})()

/** A PDF padded to exactly `size` bytes. */
const pdfOf = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(pdf)
  return bytes
}

interface Answer {
  readonly status: number
  readonly body: any
  readonly headers: Headers
  readonly bytes: Uint8Array
}

/** The stores the suite runs on: the folder of the embedded default on every engine, and an S3-compatible server. */
const runs: ReadonlyArray<{ readonly engine: "pglite" | "postgresql"; readonly store: "folder" | "s3" }> = [
  ...engines().map((engine) => ({ engine, store: "folder" as const })),
  { engine: "pglite", store: "s3" }
]

for (const { engine, store } of runs) {
  describe(`files on ${engine}, kept in ${store === "s3" ? "an S3-compatible server" : "a folder"}`, () => {
    let server: TestServer
    let s3: LocalS3 | undefined
    const tokens = {} as Record<"buyer" | "approver" | "vendor", string>

    const send = async (method: string, path: string, token?: string, body?: BodyInit, language = "en") => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          language,
          ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
        },
        ...(body === undefined ? {} : { body })
      })
      const bytes = new Uint8Array(await response.arrayBuffer())
      const textBody = new TextDecoder().decode(bytes)
      let parsed: unknown
      try {
        parsed = textBody === "" ? undefined : JSON.parse(textBody)
      } catch {
        parsed = undefined
      }
      return { status: response.status, body: parsed as any, headers: response.headers, bytes } satisfies Answer
    }
    const form = (bytes: Uint8Array, name: string, type = "application/pdf", field = "file") => {
      const data = new FormData()
      data.append(field, new Blob([bytes.slice()], { type }), name)
      return data
    }
    const upload = (token: string, bytes: Uint8Array, name: string, path = "doc/request", language = "en") =>
      send("POST", `/api/media_upload/${path}`, token, form(bytes, name), language)
    const codeOf = (answer: Answer) => `${answer.status} ${answer.body?.error?.code}`
    const remove = (token: string, fileURL: string) =>
      send("DELETE", `/api/media_upload/?fileURL=${encodeURIComponent(fileURL)}`, token)
    const run = <A, E>(effect: Effect.Effect<A, E, any>) => server.app.runtime.runPromise(effect as Effect.Effect<A, E>)
    const actorOf = (token: string) => run(Effect.flatMap(Effect.service(Sessions), (s) => s.authenticate(token)))

    beforeAll(async () => {
      let files: FileStoreConfig | undefined
      if (store === "s3") {
        s3 = await startLocalS3()
        files = { _tag: "S3", ...s3.config }
      }
      server = await start(engine, {}, files)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.vendor = await signIn(server.url, accounts.vendor)
    })
    afterAll(async () => {
      await server?.close()
      await s3?.close()
    })

    it("keeps an upload, judged by its bytes, and gives it back to its uploader", async () => {
      const made = await upload(tokens.buyer, pdf, "عرض سعر.pdf")
      expect(made.status).toBe(200)
      expect(made.body).toMatchObject({
        name: "عرض سعر.pdf",
        kind: "DOC",
        entity: "request",
        mime: "application/pdf",
        size: pdf.length,
        attached: false,
        fileURL: `/api/media_upload/${made.body.id}`
      })
      const got = await send("GET", made.body.fileURL, tokens.buyer)
      expect(got.status).toBe(200)
      expect(got.bytes).toEqual(pdf)
      expect(got.headers.get("content-type")).toBe("application/pdf")
      expect(got.headers.get("content-disposition")).toBe(
        `inline; filename="___ ___.pdf"; filename*=UTF-8''${encodeURIComponent("عرض سعر.pdf")}`
      )
      expect(got.headers.get("x-content-type-options")).toBe("nosniff")
      expect(got.headers.get("etag")).toBe(`"${made.body.sha256}"`)
      const asDownload = await send("GET", `${made.body.fileURL}?download=1`, tokens.buyer)
      expect(asDownload.headers.get("content-disposition")).toMatch(/^attachment; /)
      const csv = await upload(tokens.buyer, text("item,qty\nورق,5\n"), "items.csv")
      expect([csv.status, csv.body.mime]).toEqual([200, "text/plain"])
      const csvBack = await send("GET", csv.body.fileURL, tokens.buyer)
      expect(csvBack.headers.get("content-disposition")).toMatch(/^attachment; filename="items.csv"/)
    })

    it("refuses a pending upload to everyone but its uploader: colleagues and another organisation", async () => {
      const made = await upload(tokens.buyer, pdf, "draft.pdf")
      expect(codeOf(await send("GET", made.body.fileURL, tokens.approver))).toBe("404 E4060")
      expect(codeOf(await send("GET", made.body.fileURL, tokens.vendor))).toBe("404 E4060")
      expect(codeOf(await remove(tokens.vendor, made.body.fileURL))).toBe("404 E4060")
      expect(codeOf(await remove(tokens.approver, made.body.fileURL))).toBe("404 E4060")
      expect((await send("GET", made.body.fileURL)).status).toBe(401)
      expect((await send("GET", made.body.fileURL, tokens.buyer)).status).toBe(200)
    })

    it("refuses a file past 10 MiB and takes one of exactly 10 MiB", async () => {
      const over = await upload(tokens.buyer, pdfOf(maxFileBytes + 1), "big.pdf")
      expect(codeOf(over)).toBe("400 E2060")
      expect(withoutIsolates(over.body.error.message)).toBe(
        "The file is too large: files of at most 10 MB are accepted."
      )
      const overAr = await upload(tokens.buyer, pdfOf(maxFileBytes + 1), "big.pdf", "doc/request", "ar")
      expect(withoutIsolates(overAr.body.error.message)).toBe(
        "الملف كبير جدًا: تُقبل الملفات التي لا يتجاوز حجمها 10 ميغابايت."
      )
      const exact = await upload(tokens.buyer, pdfOf(maxFileBytes), "exact.pdf")
      expect([exact.status, exact.body.size, exact.body.error]).toEqual([200, maxFileBytes, undefined])
      await remove(tokens.buyer, exact.body.fileURL)
    })

    it("refuses bytes of another type than the kind takes, whatever the name and Content-Type say", async () => {
      const renamed = await send("POST", "/api/media_upload/pdf/request", tokens.buyer, form(exe, "invoice.pdf"))
      expect(codeOf(renamed)).toBe("400 E2061")
      expect(withoutIsolates(renamed.body.error.message)).toContain("only PDF files are accepted")
      for (const kind of ["doc", "any", "image"]) {
        expect(codeOf(await upload(tokens.buyer, exe, "invoice.pdf", `${kind}/request`)), kind).toBe("400 E2061")
      }
      expect(codeOf(await upload(tokens.buyer, png, "scan.pdf", "pdf/request"))).toBe("400 E2061")
      const image = await upload(tokens.buyer, png, "scan.pdf", "IMAGE/product")
      expect([image.status, image.body.kind, image.body.mime, image.body.entity]).toEqual([
        200,
        "IMAGE",
        "image/png",
        "product"
      ])
      const arabic = await upload(tokens.buyer, exe, "invoice.pdf", "pdf/request", "ar")
      expect(withoutIsolates(arabic.body.error.message)).toBe(
        "محتوى هذا الملف غير مقبول هنا: تُقبل ملفات PDF فقط، أيًّا كان اسم الملف."
      )
    })

    it("answers a malformed upload with the catalogue's codes", async () => {
      expect(codeOf(await upload(tokens.buyer, pdf, "a.pdf", "video/request"))).toBe("400 E2006")
      expect(codeOf(await upload(tokens.buyer, pdf, "a.pdf", "doc/spaceship"))).toBe("400 E2006")
      const noFile = await send("POST", "/api/media_upload/doc/request", tokens.buyer, form(pdf, "a.pdf", "x", "other"))
      expect([codeOf(noFile), withoutIsolates(noFile.body.error.message)]).toEqual([
        "400 E2006",
        "Please check File: this field is required."
      ])
      const empty = await send("POST", "/api/media_upload/doc/request", tokens.buyer, form(new Uint8Array(0), "a.pdf"))
      expect(codeOf(empty)).toBe("400 E2006")
      const two = new FormData()
      two.append("file", new Blob([pdf.slice()]), "a.pdf")
      two.append("file", new Blob([pdf.slice()]), "b.pdf")
      expect(codeOf(await send("POST", "/api/media_upload/doc/request", tokens.buyer, two))).toBe("400 E2006")
      const json = await fetch(`${server.url}/api/media_upload/doc/request`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.buyer}`, "content-type": "application/json" },
        body: JSON.stringify({ file: "x" })
      })
      expect([json.status, ((await json.json()) as any).error.code]).toEqual([415, "E2012"])
      const broken = await fetch(`${server.url}/api/media_upload/doc/request`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.buyer}`, "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\nContent-Disposition: form-data; name=file; filename=a.pdf\r\n\r\n%PDF-1.7"
      })
      expect(broken.status).toBe(400)
      expect(((await broken.json()) as any).error.code).toMatch(/^E20/)
      expect((await send("POST", "/api/media_upload/doc/request", undefined, form(pdf, "a.pdf"))).status).toBe(401)
    })

    it("deletes a pending upload by its fileURL, and then it is gone", async () => {
      const made = await upload(tokens.buyer, pdf, "gone.pdf")
      expect(codeOf(await remove(tokens.buyer, "not a url"))).toBe("400 E2006")
      expect((await remove(tokens.buyer, `http://localhost:4321${made.body.fileURL}`)).status).toBe(204)
      expect(codeOf(await send("GET", made.body.fileURL, tokens.buyer))).toBe("404 E4060")
      expect(codeOf(await remove(tokens.buyer, made.body.fileURL))).toBe("404 E4060")
      const { orgId } = await actorOf(tokens.buyer)
      const record = await run(Effect.flatMap(Effect.service(FileRepository), (r) => r.find(orgId, made.body.id)))
      expect(Option.isNone(record), "its record is forgotten").toBe(true)
      const bytes = await run(Effect.flatMap(Effect.service(FileStore), (s) => s.read(`${orgId}/${made.body.id}`)))
      expect(Option.isNone(bytes), "its bytes are gone").toBe(true)
    })

    it("lets a user hold at most the pending limit of uploads", async () => {
      const colleague = await signIn(server.url, accounts.admin)
      const made: Array<string> = []
      for (let i = 0; i < maxPendingUploads; i++) {
        const answer = await upload(colleague, pdf, `${i}.pdf`)
        expect(answer.status).toBe(200)
        made.push(answer.body.fileURL)
      }
      expect(codeOf(await upload(colleague, pdf, "one-more.pdf"))).toBe("422 E6200")
      await remove(colleague, made[0]!)
      expect((await upload(colleague, pdf, "one-more.pdf")).status).toBe(200)
    })

    it("opens an attached file to whoever its document's module lets read it, never to another organisation", async () => {
      const made = await upload(tokens.buyer, pdf, "attached.pdf")
      const buyer = await actorOf(tokens.buyer)
      const approver = await actorOf(tokens.approver)
      const request = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
      const attached = await run(
        Effect.flatMap(Effect.service(Files), (files) => files.setAttachments(buyer, request, [made.body.id as FileId]))
      )
      expect(attached.map((f) => [f.id, f.attached])).toEqual([[made.body.id, true]])
      // No module reads requests yet in this app: the attached file reaches nobody, its uploader included.
      expect(codeOf(await send("GET", made.body.fileURL, tokens.buyer))).toBe("404 E4060")
      await run(
        Effect.flatMap(Effect.service(DocumentReaders), (readers) =>
          readers.register("request", {
            mayRead: (actor, id) =>
              Effect.succeed(id === request.id && [buyer.userId, approver.userId].includes(actor.userId)),
            mayChange: (actor, id) => Effect.succeed(id === request.id && actor.userId === buyer.userId)
          })
        )
      )
      expect((await send("GET", made.body.fileURL, tokens.approver)).bytes).toEqual(pdf)
      expect(codeOf(await send("GET", made.body.fileURL, tokens.vendor))).toBe("404 E4060")
      expect(codeOf(await remove(tokens.vendor, made.body.fileURL))).toBe("404 E4060")
      expect(codeOf(await remove(tokens.approver, made.body.fileURL))).toBe("422 E6202")
      expect((await remove(tokens.buyer, made.body.fileURL)).status).toBe(204)
      expect(codeOf(await send("GET", made.body.fileURL, tokens.approver))).toBe("404 E4060")
    })

    it("takes one file through a signed upload URL, once, whatever its Content-Type, for its requester", async () => {
      const signed = await send(
        "POST",
        "/api/media_upload/initial-singedurl",
        tokens.buyer,
        JSON.stringify({ type: "pdf", entity: "bill", fileName: "فاتورة.pdf" })
      )
      expect(signed.status).toBe(200)
      expect(signed.body.signedUrl).toMatch(/^\/api\/media_upload\/signed\/[0-9a-f]{64}$/)
      expect(new Date(signed.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000)
      const put = (url: string, bytes: Uint8Array, type = "application/pdf") =>
        fetch(`${server.url}${url}`, { method: "PUT", headers: { "content-type": type }, body: bytes.slice() }).then(
          async (r) => ({ status: r.status, body: (await r.json()) as any })
        )
      const kept = await put(signed.body.signedUrl, pdf, "image/jpeg")
      expect(kept.status).toBe(200)
      expect(kept.body).toMatchObject({ name: "فاتورة.pdf", kind: "PDF", entity: "bill", mime: "application/pdf" })
      expect((await send("GET", kept.body.fileURL, tokens.buyer)).bytes).toEqual(pdf)
      expect(codeOf(await send("GET", kept.body.fileURL, tokens.approver))).toBe("404 E4060")
      const again = await put(signed.body.signedUrl, pdf)
      expect([again.status, again.body.error.code]).toEqual([404, "E4061"])
      const forged = await put(`/api/media_upload/signed/${"0".repeat(64)}`, pdf)
      expect([forged.status, forged.body.error.code]).toEqual([404, "E4061"])

      const sign = async () =>
        (
          await send(
            "POST",
            "/api/media_upload/initial-singedurl",
            tokens.buyer,
            JSON.stringify({ type: "pdf", entity: "bill", fileName: "x.pdf" })
          )
        ).body.signedUrl as string
      const renamed = await put(await sign(), exe)
      expect([renamed.status, renamed.body.error.code]).toEqual([400, "E2061"])
      const big = await put(await sign(), pdfOf(maxFileBytes + 1))
      expect([big.status, big.body.error.code]).toEqual([400, "E2060"])
      const badKind = await send(
        "POST",
        "/api/media_upload/initial-singedurl",
        tokens.buyer,
        JSON.stringify({ type: "video", entity: "bill", fileName: "x.pdf" })
      )
      expect(codeOf(badKind)).toBe("400 E2006")
    })

    it("cleans up uploads no document took within a day, and keeps attached ones", async () => {
      const forgotten = await upload(tokens.buyer, pdf, "forgotten.pdf")
      const kept = await upload(tokens.buyer, pdf, "kept.pdf")
      const buyer = await actorOf(tokens.buyer)
      const request = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
      await run(
        Effect.flatMap(Effect.service(Files), (files) => files.setAttachments(buyer, request, [kept.body.id as FileId]))
      )
      const sweep = (at: Date) => run(Effect.flatMap(Effect.service(Files), (files) => files.sweep(at)))
      await sweep(new Date())
      expect((await send("GET", forgotten.body.fileURL, tokens.buyer)).status).toBe(200)
      expect(await sweep(new Date(Date.now() + unattachedLifetimeMs + 60_000))).toBeGreaterThanOrEqual(1)
      expect(codeOf(await send("GET", forgotten.body.fileURL, tokens.buyer))).toBe("404 E4060")
      const bytes = await run(
        Effect.flatMap(Effect.service(FileStore), (s) => s.read(`${buyer.orgId}/${forgotten.body.id}`))
      )
      expect(Option.isNone(bytes)).toBe(true)
      const left = await run(Effect.flatMap(Effect.service(Files), (files) => files.attachments(buyer, request)))
      expect(left.map((f) => f.name)).toEqual(["kept.pdf"])
    })
  })
}
