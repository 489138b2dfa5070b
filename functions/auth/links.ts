// What a confirmation or reset link's token stands for.
export interface LinkData extends Record<string, unknown> {
  email: string;
  userId: string;
  companyId: string;
}
