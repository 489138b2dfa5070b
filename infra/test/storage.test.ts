// The storage construct: the private photo bucket, CORS for the site's origin, encryption, TLS
// only, lifecycle, access logs; prod keeps it.
import { Match } from 'aws-cdk-lib/assertions';
import { testStage } from './support/synth';
import { resources } from './support/template';

const dev = testStage('dev').template;
const prod = testStage('prod').template;
const photos = (template: typeof dev) => Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('StoragePhotos'))!;

describe('the storage construct', () => {
  it('blocks all public access and encrypts at rest', () => {
    expect(photos(dev)[1].Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });

  it('lets only the site origin upload and read from the browser', () => {
    expect(photos(dev)[1].Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/^WebDistribution/), 'DomainName'] }]] }],
          AllowedMethods: ['PUT', 'GET', 'HEAD'],
          AllowedHeaders: ['*'],
          ExposedHeaders: ['ETag'],
          MaxAge: 3000,
        },
      ],
    });
  });

  it('refuses requests without TLS', () => {
    const [id] = photos(dev);
    dev.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('cleans up incomplete uploads and replaced versions, and moves old photos to infrequent access', () => {
    const rules = photos(dev)[1].Properties.LifecycleConfiguration.Rules as Array<Record<string, unknown>>;
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Id: 'abort-incomplete-uploads', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        expect.objectContaining({ Id: 'infrequent-access', Transitions: [{ StorageClass: 'STANDARD_IA', TransitionInDays: 90 }] }),
        expect.objectContaining({ Id: 'expire-replaced-versions', NoncurrentVersionExpiration: { NoncurrentDays: 30 } }),
      ]),
    );
  });

  it('expires uploads still tagged pending (never recorded, or refused) after a day, versions included', () => {
    const rules = photos(dev)[1].Properties.LifecycleConfiguration.Rules as Array<Record<string, unknown>>;
    expect(rules).toContainEqual({
      Id: 'expire-pending-uploads',
      Status: 'Enabled',
      TagFilters: [{ Key: 'upload', Value: 'pending' }],
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    });
  });

  it('logs access to the access-log bucket', () => {
    expect(photos(dev)[1].Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: expect.stringMatching(/^ObservabilityAccessLogs/) },
      LogFilePrefix: 's3/photos/',
    });
  });

  it('keeps photos in prod and empties and deletes the bucket elsewhere', () => {
    expect(photos(prod)[1]).toMatchObject({ DeletionPolicy: 'Retain' });
    expect(photos(dev)[1]).toMatchObject({ DeletionPolicy: 'Delete' });
    const [devId] = photos(dev);
    dev.hasResourceProperties('Custom::S3AutoDeleteObjects', { BucketName: { Ref: devId } });
    const [prodId] = photos(prod);
    expect(Object.values(resources(prod, 'Custom::S3AutoDeleteObjects')).map((r) => r.Properties.BucketName)).not.toContainEqual({ Ref: prodId });
  });
});
