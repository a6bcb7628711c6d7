export default async function globalTeardown(): Promise<void> {
  // Each suite drops its own database and queue keys; nothing is shared.
}
