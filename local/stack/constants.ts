/** Region every local client uses. The stand-ins ignore it, but the SDK needs one. */
export const LOCAL_REGION = 'us-east-1';

/**
 * Dummy credentials for every stand-in. s3rver is the picky one: it does not verify SigV4
 * signatures, but it DOES look the access key id up and answers InvalidAccessKeyId for anything
 * but its built-in S3RVER/S3RVER pair. DynamoDB Local (-sharedDb), cognito-local and
 * aws-ses-v2-local accept any key, so S3RVER/S3RVER serves them all.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export const PHOTOS_BUCKET = 'rentalops-photos-local';
export const USER_POOL_NAME = 'rentalops-local';
export const APP_CLIENT_NAME = 'rentalops-web';
export const EMAIL_FROM = 'no-reply@rentalops.local';
