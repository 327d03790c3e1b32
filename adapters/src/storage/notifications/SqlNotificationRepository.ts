import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  Notification,
  NotificationPage,
  NotificationRepository,
  type NewNotification,
  type Recipient
} from "@tawreed/core/notifications"
import type { PageRequest } from "@tawreed/core/shared"
import { inTenant } from "../Tenancy.ts"

interface NotificationRow {
  readonly id: string | number | bigint
  readonly module: string
  readonly type: string
  readonly document_id: string
  readonly title_en: string
  readonly title_ar: string
  readonly body: string
  readonly url: string
  readonly status: string
  readonly created_at: Date | string
}

const toNotification = (row: NotificationRow): Notification =>
  new Notification({
    id: Number(row.id) as Notification["id"],
    module: row.module,
    type: row.type as Notification["type"],
    documentId: row.document_id,
    title: { en: row.title_en, ar: row.title_ar },
    notificationBody: row.body,
    url: row.url,
    status: row.status as Notification["status"],
    createdAt: new Date(row.created_at)
  })

const columns = "id, module, type, document_id, title_en, title_ar, body, url, status, created_at"

/** Notifications in PostgreSQL (a server or PGlite), always inside the recipient's organisation. */
export const SqlNotificationRepository = Layer.effect(
  NotificationRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const mine = (r: Recipient) => sql`org_id = ${r.orgId} AND user_id = ${r.userId}`
    const tenant = <A, E>(r: Recipient, work: Effect.Effect<A, E, never>) =>
      inTenant(r.orgId)(work).pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const rows = <A extends object>(statement: Effect.Effect<ReadonlyArray<A>, unknown>) => Effect.orDie(statement)

    const insert = Effect.fn("SqlNotificationRepository.insert")(function* (r: Recipient, n: NewNotification) {
      const [row] = yield* tenant(
        r,
        rows(sql<NotificationRow>`
          INSERT INTO notifications (org_id, user_id, module, type, document_id, title_en, title_ar, body, url)
          VALUES (${r.orgId}, ${r.userId}, ${n.module}, ${n.type}, ${n.documentId}, ${n.title.en}, ${n.title.ar},
                  ${n.notificationBody}, ${n.url})
          RETURNING ${sql.literal(columns)}`)
      )
      return toNotification(row!)
    })

    const list = Effect.fn("SqlNotificationRepository.list")(function* (r: Recipient, page: PageRequest) {
      // The count and the page in one statement: the count row always comes, with the page's rows, if any, beside it.
      const found = yield* tenant(
        r,
        rows(sql<Partial<NotificationRow> & { total: string | number }>`
          SELECT t.total, n.* FROM (SELECT count(*) AS total FROM notifications WHERE ${mine(r)}) t
          LEFT JOIN LATERAL (
            SELECT ${sql.literal(columns)} FROM notifications WHERE ${mine(r)}
            ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}
          ) n ON true
          ORDER BY n.id DESC`)
      )
      return new NotificationPage({
        notifications: found
          .filter((row) => row.id !== null && row.id !== undefined)
          .map((row) => toNotification(row as NotificationRow)),
        count: Number(found[0]?.total ?? 0)
      })
    })

    const findById = Effect.fn("SqlNotificationRepository.findById")(function* (r: Recipient, id: number) {
      const found = yield* tenant(
        r,
        rows(sql<NotificationRow>`SELECT ${sql.literal(columns)} FROM notifications WHERE ${mine(r)} AND id = ${id}`)
      )
      return Option.map(Option.fromNullishOr(found[0]), toNotification)
    })

    const countUnread = Effect.fn("SqlNotificationRepository.countUnread")(function* (r: Recipient) {
      const [row] = yield* tenant(
        r,
        rows(sql<{ count: string | number }>`
          SELECT count(*) AS count FROM notifications WHERE ${mine(r)} AND status = 'UNREAD'`)
      )
      return Number(row?.count ?? 0)
    })

    const markRead = Effect.fn("SqlNotificationRepository.markRead")(function* (r: Recipient, id: number) {
      const found = yield* tenant(
        r,
        rows(sql<{ id: string }>`
          UPDATE notifications SET status = 'READ', read_at = coalesce(read_at, now())
          WHERE ${mine(r)} AND id = ${id} RETURNING id`)
      )
      return found.length > 0
    })

    const markAllRead = Effect.fn("SqlNotificationRepository.markAllRead")(function* (r: Recipient) {
      const found = yield* tenant(
        r,
        rows(sql<{ id: string }>`
          UPDATE notifications SET status = 'READ', read_at = now()
          WHERE ${mine(r)} AND status = 'UNREAD' RETURNING id`)
      )
      return found.length
    })

    const markDocumentRead = Effect.fn("SqlNotificationRepository.markDocumentRead")(function* (
      r: Recipient,
      type: string,
      url: string
    ) {
      const found = yield* tenant(
        r,
        rows(sql<{ id: string }>`
          UPDATE notifications SET status = 'READ', read_at = now()
          WHERE ${mine(r)} AND status = 'UNREAD' AND type = ${type} AND url = ${url} RETURNING id`)
      )
      return found.length
    })

    const remove = Effect.fn("SqlNotificationRepository.remove")(function* (r: Recipient, id: number) {
      const found = yield* tenant(
        r,
        rows(sql<{ id: string }>`DELETE FROM notifications WHERE ${mine(r)} AND id = ${id} RETURNING id`)
      )
      return found.length > 0
    })

    const removeAll = Effect.fn("SqlNotificationRepository.removeAll")(function* (r: Recipient) {
      const found = yield* tenant(r, rows(sql<{ id: string }>`DELETE FROM notifications WHERE ${mine(r)} RETURNING id`))
      return found.length
    })

    return NotificationRepository.of({
      insert,
      list,
      findById,
      countUnread,
      markRead,
      markDocumentRead,
      markAllRead,
      remove,
      removeAll
    })
  })
)
