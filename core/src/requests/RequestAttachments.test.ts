import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { TestClock } from "effect/testing"
import { DocumentRef } from "../files/StoredFile.ts"
import { Files } from "../files/Files.ts"
import type { Actor } from "../identity/Actor.ts"
import { OrgSettings } from "../organisations/OrgSettings.ts"
import {
  layerMemoryRequestsWorld,
  requestsWorldActor as actorWith,
  requestsWorldSettings as changeSettings,
  requestsWorldWorkspace as workspaceOf
} from "../testing/index.ts"
import { ExpenseInput, NewRequestInput, RequestItemInput, RequestUpdateInput } from "./Request.ts"
import { requestReader } from "./RequestAttachments.ts"
import { Requests } from "./Requests.ts"

describe("a request's attachments", () => {
  it.effect("are read by whoever reads the request, and taken off by whoever may edit it while it may be edited", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
      const admin = yield* actorWith(["org_super_user"])
      const requester = yield* actorWith(["org_basic_user"], admin)
      const manager = yield* actorWith(["org_basic_user"], admin)
      const viewer = yield* actorWith(["org_basic_user"], admin)
      const outsider = yield* actorWith(["org_basic_user"], admin)
      const office = yield* workspaceOf(admin, "Head Office", [
        [requester, "workspaces_viewer"],
        [manager, "workspaces_manager"],
        [viewer, "workspaces_viewer"]
      ])
      const requests = yield* Requests
      const reader = yield* requestReader
      const made = yield* requests.create(
        requester,
        new NewRequestInput({
          requestType: "product",
          workspaceId: office.id,
          title: "Printer paper",
          items: [new RequestItemInput({ name: { en: "A4 paper" }, quantity: "10", price: { basePrice: "25" } })]
        })
      )
      const can = (actor: typeof admin) =>
        Effect.all([reader.mayRead(actor, made.id), reader.mayChange(actor, made.id)])
      assert.deepStrictEqual(yield* can(requester), [true, true], "its requester, on a draft")
      assert.deepStrictEqual(yield* can(manager), [true, true], "its workspace's manager (req_u_w)")
      assert.deepStrictEqual(yield* can(viewer), [true, false], "a viewer reads it (req_r_w) but may not change it")
      assert.deepStrictEqual(yield* can(outsider), [false, false], "someone outside its workspace sees nothing")
      assert.deepStrictEqual(yield* can(admin), [true, true])
      yield* requests.submit(requester, made.id)
      assert.deepStrictEqual(yield* can(requester), [true, false], "once submitted, its files stay as they are")
      assert.deepStrictEqual(
        yield* Effect.all([reader.mayRead(requester, "no-such-request"), reader.mayChange(admin, "no-such-request")]),
        [false, false]
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )
})

const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")

const failure = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit)
    ? ((exit.cause.reasons[0] as { error?: { _tag?: string; field?: string } } | undefined)?.error ?? {})
    : { _tag: "success" }

describe("the files a request names", () => {
  const setting = Effect.gen(function* () {
    yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
    const admin = yield* actorWith(["org_super_user"])
    const requester = yield* actorWith(["org_basic_user"], admin)
    const colleague = yield* actorWith(["org_basic_user"], admin)
    const stranger = yield* actorWith(["org_super_user"])
    const office = yield* workspaceOf(admin, "Head Office", [
      [requester, "workspaces_viewer"],
      [colleague, "workspaces_viewer"]
    ])
    const files = yield* Files
    const requests = yield* Requests
    const upload = (actor: Actor, name: string) =>
      files.upload(actor, { kind: "doc", entity: "request", name, bytes: pdf })
    const names = (actor: Actor, id: string) =>
      Effect.map(files.attachments(actor, new DocumentRef({ kind: "request", id })), (views) =>
        views.map((v) => v.name).sort()
      )
    const draft = (actor: Actor, extra: Partial<NewRequestInput> = {}) =>
      requests.create(
        actor,
        new NewRequestInput({
          requestType: "product",
          workspaceId: office.id,
          title: "Printer paper",
          items: [new RequestItemInput({ name: { en: "A4 paper" }, quantity: "10", price: { basePrice: "25" } })],
          ...extra
        })
      )
    return { admin, requester, colleague, stranger, office, files, requests, upload, names, draft }
  })

  it.effect("are attached by the create and the edit that name them, by id or by their address", () =>
    Effect.gen(function* () {
      const { requester, requests, upload, names, draft } = yield* setting
      const quote = yield* upload(requester, "quote.pdf")
      const spec = yield* upload(requester, "spec.pdf")
      const made = yield* draft(requester, { attachments: [quote.fileURL] })
      assert.deepStrictEqual(made.attachments, [quote.id], "the request keeps the file's id")
      assert.deepStrictEqual(yield* names(requester, made.id), ["quote.pdf"])
      const edited = yield* requests.update(
        requester,
        new RequestUpdateInput({ id: made.id, version: made.version, attachments: [spec.id] })
      )
      assert.deepStrictEqual(edited.attachments, [spec.id])
      assert.deepStrictEqual(yield* names(requester, made.id), ["spec.pdf"], "the file left out is taken off")
      const untouched = yield* requests.update(
        requester,
        new RequestUpdateInput({ id: made.id, version: edited.version, title: "Paper" })
      )
      assert.deepStrictEqual(untouched.attachments, [spec.id])
      assert.deepStrictEqual(yield* names(requester, made.id), ["spec.pdf"], "an edit that names no files keeps them")
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("attach an expense request's invoice files beside its other files", () =>
    Effect.gen(function* () {
      const { admin, office, requests, upload, names } = yield* setting
      yield* changeSettings(
        admin,
        (s) =>
          new OrgSettings({
            ...s,
            orgConfig: { ...s.orgConfig, generalConfig: { ...s.orgConfig.generalConfig, expensesAllowed: true } }
          })
      )
      const invoice = yield* upload(admin, "invoice.pdf")
      const receipt = yield* upload(admin, "receipt.pdf")
      const made = yield* requests.create(
        admin,
        new NewRequestInput({
          requestType: "expense",
          workspaceId: office.id,
          title: "Taxi fares",
          expenseItems: [new RequestItemInput({ name: { en: "Taxi" }, quantity: "1", price: { basePrice: "80" } })],
          expense: new ExpenseInput({ invoiceAttachments: [invoice.id] }),
          attachments: [receipt.id]
        })
      )
      assert.deepStrictEqual([made.expense?.invoiceAttachments, made.attachments], [[invoice.id], [receipt.id]])
      assert.deepStrictEqual(yield* names(admin, made.id), ["invoice.pdf", "receipt.pdf"])
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("refuse another's upload, another organisation's file and what is no file's address", () =>
    Effect.gen(function* () {
      const { requester, colleague, stranger, upload, draft } = yield* setting
      const theirs = yield* upload(colleague, "theirs.pdf")
      const abroad = yield* upload(stranger, "abroad.pdf")
      assert.deepStrictEqual(
        [
          failure(yield* Effect.exit(draft(requester, { attachments: [theirs.id] })))._tag,
          failure(yield* Effect.exit(draft(requester, { attachments: [abroad.fileURL] })))._tag
        ],
        ["FileNotFound", "FileNotFound"]
      )
      const malformed = failure(yield* Effect.exit(draft(requester, { attachments: ["quote.pdf"] })))
      assert.deepStrictEqual([malformed._tag, malformed.field], ["InvalidField", "attachments"])
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("are taken off when the request is deleted, for the sweep to remove", () =>
    Effect.gen(function* () {
      const { requester, files, requests, upload, names, draft } = yield* setting
      const quote = yield* upload(requester, "quote.pdf")
      const made = yield* draft(requester, { attachments: [quote.id] })
      yield* requests.remove(requester, made.id)
      assert.deepStrictEqual(yield* names(requester, made.id), [])
      assert.strictEqual(failure(yield* Effect.exit(files.open(requester, quote.id)))._tag, "FileNotFound")
      assert.strictEqual(yield* files.sweep(), 1, "the sweep takes its bytes")
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )
})
