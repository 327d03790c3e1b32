import { Option, Schema } from "effect"
import { fromBase64Url, toBase64Url } from "../shared/Base64Url.ts"

/**
 * The sorting and cursors every document list shares (requests, orders): the columns it sorts by, one row's place
 * in an order, and the opaque text the API hands out for it. One place for all of them, so that a cursor one
 * adapter hands out another understands, and every list checks a cursor the same way.
 */

/**
 * The columns a document list sorts by. Ties are broken by id, in the same direction, so every order is total and
 * a cursor names one place in it. `title` compares the lower-cased title by code point (SQL: `lower(title) COLLATE
 * "C"`), `total` the value in the organisation's currency as a number.
 */
export const DocumentSortColumn = Schema.Literals(["createdAt", "updatedAt", "title", "status", "total"])
export type DocumentSortColumn = typeof DocumentSortColumn.Type

/** A sort: the column and its direction (`-column` on the wire is descending). */
export interface DocumentSort {
  readonly column: DocumentSortColumn
  readonly direction: "asc" | "desc"
}

/** What a document shows of itself to a sort. */
export interface SortedDocument {
  readonly id: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly title: string
  readonly status: string
  readonly valueInOrgCurrency: string
}

/** One row's place in an order: the sort it belongs to, the row's value in the sort's column, and its id. */
export class DocumentCursor extends Schema.Class<DocumentCursor>("DocumentCursor")({
  column: DocumentSortColumn,
  direction: Schema.Literals(["asc", "desc"]),
  value: Schema.String,
  id: Schema.String
}) {}

/** The value of a document in a sort column, as a cursor keeps it and as rows are compared by it. */
export const documentSortValue = (document: SortedDocument, column: DocumentSortColumn): string => {
  switch (column) {
    case "createdAt":
      return document.createdAt
    case "updatedAt":
      return document.updatedAt
    case "title":
      return document.title.toLowerCase()
    case "status":
      return document.status
    case "total":
      return document.valueInOrgCurrency
  }
}

/** The cursor of a document's place in a sort. */
export const documentCursorOf = (document: SortedDocument, sort: DocumentSort): DocumentCursor =>
  new DocumentCursor({
    column: sort.column,
    direction: sort.direction,
    value: documentSortValue(document, sort.column),
    id: document.id
  })

/** A cursor as the API hands it out: opaque, URL-safe text. */
export const encodeDocumentCursor = (cursor: DocumentCursor): string =>
  toBase64Url(
    JSON.stringify({ column: cursor.column, direction: cursor.direction, value: cursor.value, id: cursor.id })
  )

const decodeCursorJson = Schema.decodeUnknownOption(Schema.fromJsonString(DocumentCursor))

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Whether a cursor's value and id can be a document's place in its sort: an id as documents have them, a timestamp
 * as `toISOString` writes it, a decimal amount; any title or status text.
 */
export const isWellFormedCursor = (cursor: DocumentCursor): boolean => {
  if (!uuidPattern.test(cursor.id)) return false
  switch (cursor.column) {
    case "createdAt":
    case "updatedAt": {
      const at = new Date(cursor.value)
      return !Number.isNaN(at.getTime()) && at.toISOString() === cursor.value
    }
    case "total":
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(cursor.value)
    case "title":
    case "status":
      return true
  }
}

/** A cursor read back from the API, or none when the text is not one this list handed out. */
export const decodeDocumentCursor = (text: string): Option.Option<DocumentCursor> =>
  Option.filter(Option.flatMap(fromBase64Url(text.trim()), decodeCursorJson), isWellFormedCursor)
