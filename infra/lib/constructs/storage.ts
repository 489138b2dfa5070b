// The private photo bucket. Browsers upload with presigned PUTs (so the site's origin needs CORS)
// and read with presigned GETs; nothing is public. Uploads nobody recorded (still tagged
// upload=pending) expire after a day; old photos move to infrequent access, incomplete multipart
// uploads and replaced versions are cleaned up.
import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Photo keys: companies/<companyId>/..., the only prefix functions may read and write. */
export const PHOTOS_PREFIX = 'companies/';

/** The tag an upload carries until it is recorded (functions/storage/photos.ts PENDING_TAGGING). */
export const PENDING_UPLOAD = { key: 'upload', value: 'pending', expireAfterDays: 1 } as const;

export interface StorageProps {
  stage: string;
  retain: boolean;
  logBucket: s3.IBucket;
}

export class Storage extends Construct {
  readonly photos: s3.Bucket;
  /**
   * https://<bucket>.s3.<region>.amazonaws.com, where presigned URLs point. Built from the bucket's
   * name, not from the bucket resource: the site's CSP names it while the bucket's CORS names the
   * site, and resource references both ways would be a dependency cycle.
   */
  readonly photosOrigin: string;
  /** The bucket's name, from the stage, account and region (no reference to the resource). */
  readonly photosBucketName: string;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // Named (account and region make it unique) so the origin above is known without the resource.
    const bucketName = `rentalops-${props.stage}-photos-${Aws.ACCOUNT_ID}-${stack.region}`;
    this.photosBucketName = bucketName;
    this.photosOrigin = `https://${bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
    this.photos = new s3.Bucket(this, 'Photos', {
      bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/photos/',
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Every upload is tagged upload=pending until a route records it (functions/storage/photos.ts):
        // abandoned and refused ones expire after a day, and their versions a day later.
        {
          id: 'expire-pending-uploads',
          tagFilters: { [PENDING_UPLOAD.key]: PENDING_UPLOAD.value },
          expiration: Duration.days(PENDING_UPLOAD.expireAfterDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'infrequent-access', transitions: [{ storageClass: s3.StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(90) }] },
        { id: 'expire-replaced-versions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
      ],
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !props.retain,
    });
  }

  /** Lets the site's origin PUT (presigned upload) and GET photos from the browser. */
  allowBrowserAccessFrom(origin: string): void {
    this.photos.addCorsRule({
      allowedOrigins: [origin],
      allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
