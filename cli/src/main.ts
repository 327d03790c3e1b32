#!/usr/bin/env node
import { fetch } from "undici"
import { run } from "./Cli.ts"

// undici's fetch is the one Node's global fetch is built on; its types are undici's own, hence the cast.
process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
  fetch: fetch as unknown as typeof globalThis.fetch
})
