/** What the send and check calls answer: whether it worked, and a message in the request's language. */
export interface SendResult {
  success: boolean;
  message: string;
}
