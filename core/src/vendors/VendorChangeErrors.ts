import { Schema } from "effect"

/** The vendor already has a change of its key details waiting for review: it is decided or withdrawn first. */
export class VendorChangePending extends Schema.TaggedError<VendorChangePending>()("VendorChangePending", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** No such change in the actor's organisation. */
export class VendorChangeNotFound extends Schema.TaggedError<VendorChangeNotFound>()("VendorChangeNotFound", {
  id: Schema.String
}) {}

/** The vendor changed after this change was proposed: it no longer applies as reviewed; reject it and propose again. */
export class VendorChangeStale extends Schema.TaggedError<VendorChangeStale>()("VendorChangeStale", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** The change was already decided or withdrawn. */
export class VendorChangeNotPending extends Schema.TaggedError<VendorChangeNotPending>()("VendorChangeNotPending", {
  status: Schema.String
}) {}
