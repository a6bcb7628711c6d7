import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_SFTP_PASSWORD, MIN_SFTP_PASSWORD } from './sftp/sftp-credentials.js';

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

/** One public key that may log in to the SFTP drop: its fingerprint and comment, never the key itself. */
export class SftpKeyView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'ssh-ed25519' }) type: string;
  @ApiProperty({ example: 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU' }) fingerprint: string;
  @ApiProperty({ example: 'warehouse@3pl', description: "The key's comment, as pasted" }) comment: string;
  @ApiProperty({ type: String, format: 'date-time' }) addedAt: Date;
}

/** Where the company's SFTP drop is, and how its login is protected (decision 0070). */
export class SftpView {
  @ApiProperty({ example: 'portal.example.com' }) host: string;
  @ApiProperty({ example: 2222 }) port: number;
  @ApiProperty({ example: 'brand-1a2b3c4d5e6f', description: 'Not secret' }) username: string;
  @ApiProperty({ description: 'Whether a password is set (it is never shown)' }) hasPassword: boolean;
  @ApiProperty({ type: [SftpKeyView] }) keys: SftpKeyView[];
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

  @ApiProperty({ type: SftpView, description: "The company's SFTP drop" })
  sftp: SftpView;
}

/** PUT /api/company/inbound/sftp: a new password, or a public key to add (one of them). */
export class SftpLoginDto {
  @ApiPropertyOptional({ description: `The login's new password (${MIN_SFTP_PASSWORD} characters or more)` })
  @IsOptional()
  @IsString({ message: 'password must be text' })
  @MaxLength(MAX_SFTP_PASSWORD, { message: `password must be at most ${MAX_SFTP_PASSWORD} characters` })
  password?: string;

  @ApiPropertyOptional({
    example: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB... warehouse@3pl',
    description: 'An OpenSSH public key to add (one line, as in a .pub file)',
  })
  @IsOptional()
  @IsString({ message: 'publicKey must be text' })
  @MaxLength(16_384, { message: 'publicKey must be at most 16384 characters' })
  publicKey?: string;
}
