// The two small things the auth screens keep in the browser. Storage can be disabled (privacy mode,
// sandboxed iframes): every access is guarded and a failure just means "not remembered".

/** localStorage key of the e-mail kept by "Remember me" on /auth. */
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
/** sessionStorage key of the plan chosen on /register (SPEC "Pricing / sign-up screen"). */
export const SELECTED_PLAN_KEY = 'selectedPlan';

export function readRememberedEmail(): string {
  try {
    return window.localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `email` for the next visit, or forgets it when `email` is null. */
export function rememberEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
    else window.localStorage.removeItem(REMEMBERED_EMAIL_KEY);
  } catch {
    // storage disabled
  }
}

export function storeSelectedPlan(plan: string): void {
  try {
    window.sessionStorage.setItem(SELECTED_PLAN_KEY, plan);
  } catch {
    // storage disabled: the registration then records no plan (the trial is the same on every plan)
  }
}

/** The plan chosen on /register in this tab, if it is one a visitor can pick. */
export function readSelectedPlan(): 'basic' | 'professional' | 'enterprise' | undefined {
  try {
    const plan = window.sessionStorage.getItem(SELECTED_PLAN_KEY);
    return plan === 'basic' || plan === 'professional' || plan === 'enterprise' ? plan : undefined;
  } catch {
    return undefined;
  }
}
