import { Module } from '@nestjs/common';
import { UsersModule } from '../users/index.js';
import { FaireAppCredentials } from './faire-app-credentials.js';
import { GoogleSignInSettings } from './google-sign-in.settings.js';

/**
 * Application settings saved in the admin panel (table `app_config`, sealed; decision 0010) and the
 * run-time values they make: the Faire application's credentials and the Google sign-in client. The
 * admin panel writes them, the marketplace and auth modules read them; the configuration loaded at boot
 * is never changed.
 */
@Module({
  imports: [UsersModule],
  providers: [FaireAppCredentials, GoogleSignInSettings],
  exports: [FaireAppCredentials, GoogleSignInSettings],
})
export class AppSettingsModule {}
