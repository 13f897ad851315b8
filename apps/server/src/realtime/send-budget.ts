/**
 * How many SEND frames a live connection may make (a token bucket): `burst` at once, then `perSecond`. No budget
 * given: unlimited.
 */
export class SendBudget {
  private tokens: number;
  private countedAt = Date.now();

  constructor(private readonly budget?: { burst: number; perSecond: number }) {
    this.tokens = budget?.burst ?? Infinity;
  }

  /** Spends one SEND; false when the budget is spent (the client goes faster than allowed). */
  take(): boolean {
    if (!this.budget) return true;
    const now = Date.now();
    this.tokens = Math.min(this.budget.burst, this.tokens + ((now - this.countedAt) / 1000) * this.budget.perSecond);
    this.countedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
