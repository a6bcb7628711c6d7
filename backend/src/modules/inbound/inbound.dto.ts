import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';

/** The most allowed senders a company may list. */
export const MAX_ALLOWED_SENDERS = 50;

export class AllowedSendersDto {
  @ApiProperty({
    type: [String],
    example: ['ops@warehouse.example'],
    description: `The only addresses whose mail is processed (at most ${MAX_ALLOWED_SENDERS}); empty: anyone who knows the address`,
  })
  @IsArray({ message: 'allowedSenders must be a list of email addresses' })
  @ArrayMaxSize(MAX_ALLOWED_SENDERS, {
    message: `allowedSenders may list at most ${MAX_ALLOWED_SENDERS} addresses`,
  })
  @IsString({ each: true, message: 'each allowed sender must be an email address' })
  @MaxLength(320, { each: true, message: 'each allowed sender must be at most 320 characters' })
  allowedSenders: string[];
}

/** GET /api/company/inbound: the company's mail-in address (company admins only). */
export class InboundView {
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'shipments+abcdefghijklmnopqrstuvwxyz234567@inbound.example.com',
    description: 'The address files are mailed to; null until an admin creates one',
  })
  mailAddress: string | null;

  @ApiProperty({ type: [String], description: 'Senders whose mail is processed; empty: any sender' })
  allowedSenders: string[];
}
