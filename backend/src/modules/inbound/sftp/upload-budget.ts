/**
 * The memory a process gives to SFTP files being written (decision 0070): each open file's buffer is
 * counted, so many clients writing at once cannot take more than the budget; past it a write or an open
 * fails with "busy" and the client tries again.
 */
export class UploadBudget {
  private used = 0;

  constructor(private readonly limit: number) {}

  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  inUse(): number {
    return this.used;
  }
}
