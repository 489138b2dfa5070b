// Messages the server sends and the screens show: validation rules (SPEC point 5) and API errors.
// Schemas carry the key; the server answers in the caller's language and the frontend merges
// these into its catalogues, so each text is written once per language.
import type { UiLanguage } from './enums';
import { CLOSURE_NAMES } from './closure-names';

export const MESSAGES = {
  'validation.required': { en: 'Required', pt: 'Obrigatório', es: 'Obligatorio' },
  'validation.invalid': { en: 'Invalid value', pt: 'Valor inválido', es: 'Valor no válido' },
  'validation.tooLong': { en: 'Too long', pt: 'Muito longo', es: 'Demasiado largo' },
  'validation.email': { en: 'Invalid e-mail', pt: 'Email inválido', es: 'Correo electrónico no válido' },
  'validation.date': { en: 'Invalid date', pt: 'Data inválida', es: 'Fecha no válida' },
  'validation.hiddenCharacters': {
    en: 'This text has hidden control characters (such as line breaks or text-direction marks); remove them',
    pt: 'Este texto tem caracteres de controle ocultos (como quebras de linha ou de direção do texto); remova-os',
    es: 'Este texto tiene caracteres de control ocultos (como saltos de línea o marcas de dirección del texto); elimínalos',
  },
  'validation.dateOutOfRange': {
    en: 'Choose a date between the years 2000 and 2099',
    pt: 'Escolha uma data entre os anos 2000 e 2099',
    es: 'Elige una fecha entre los años 2000 y 2099',
  },
  'validation.ein': {
    en: 'EIN must look like XX-XXXXXXX',
    pt: 'O EIN deve ter o formato XX-XXXXXXX',
    es: 'El EIN debe tener el formato XX-XXXXXXX',
  },
  'validation.phoneE164': {
    en: 'Enter the number with the country code, e.g. +15551234567',
    pt: 'Informe o número com o código do país, ex.: +5511999999999',
    es: 'Introduce el número con el código de país, p. ej. +34600000000',
  },
  'company.nameRequired': {
    en: 'Company name is required',
    pt: 'Nome da empresa é obrigatório',
    es: 'El nombre de la empresa es obligatorio',
  },
  'company.emailRequired': {
    en: 'Company e-mail is required',
    pt: 'Email da empresa é obrigatório',
    es: 'El correo de la empresa es obligatorio',
  },
  'company.phoneInvalid': {
    en: 'Enter a phone number: digits, with + ( ) - . or spaces, 7 to 15 digits',
    pt: 'Informe um telefone: algarismos, com + ( ) - . ou espaços, de 7 a 15 dígitos',
    es: 'Introduce un teléfono: cifras, con + ( ) - . o espacios, de 7 a 15 dígitos',
  },
  'company.phoneRequired': { en: 'Phone is required', pt: 'Telefone é obrigatório', es: 'El teléfono es obligatorio' },
  'company.addressRequired': {
    en: 'Address is required',
    pt: 'Endereço é obrigatório',
    es: 'La dirección es obligatoria',
  },
  'company.responsibleNameRequired': {
    en: 'Responsible person is required',
    pt: 'Nome do responsável é obrigatório',
    es: 'El nombre del responsable es obligatorio',
  },
  'company.responsibleEmailRequired': {
    en: 'Responsible e-mail is required',
    pt: 'Email do responsável é obrigatório',
    es: 'El correo del responsable es obligatorio',
  },
  'property.nameRequired': {
    en: 'Property name is required',
    pt: 'Nome da propriedade é obrigatório',
    es: 'El nombre de la propiedad es obligatorio',
  },
  'property.addressRequired': {
    en: 'Address is required',
    pt: 'Endereço é obrigatório',
    es: 'La dirección es obligatoria',
  },
  'property.limitReached': {
    en: 'Property limit reached. The {{plan}} plan allows up to {{limit}} properties.',
    pt: 'Limite de propriedades atingido. Plano {{plan}} permite até {{limit}} propriedades.',
    es: 'Límite de propiedades alcanzado. El plan {{plan}} permite hasta {{limit}} propiedades.',
  },
  'owner.nameRequired': {
    en: "The owner's name is required",
    pt: 'O nome do proprietário é obrigatório',
    es: 'El nombre del propietario es obligatorio',
  },
  'owner.emailRequired': {
    en: "Enter the owner's e-mail",
    pt: 'Informe o email do proprietário',
    es: 'Introduce el correo del propietario',
  },
  'owner.languageInvalid': {
    en: 'Choose Portuguese, English or Spanish',
    pt: 'Escolha português, inglês ou espanhol',
    es: 'Elige portugués, inglés o español',
  },
  'ownerReport.monthInvalid': {
    en: 'The month must look like 2026-03',
    pt: 'O mês deve ter o formato 2026-03',
    es: 'El mes debe tener el formato 2026-03',
  },
  'ownerReport.noProperties': {
    en: 'No property of this company has that owner',
    pt: 'Nenhuma propriedade desta empresa tem esse proprietário',
    es: 'Ninguna propiedad de esta empresa tiene ese propietario',
  },
  'user.limitReached': {
    en: 'User limit reached. The {{plan}} plan allows up to {{limit}} users.',
    pt: 'Limite de usuários atingido. Plano {{plan}} permite até {{limit}} usuários.',
    es: 'Límite de usuarios alcanzado. El plan {{plan}} permite hasta {{limit}} usuarios.',
  },
  'task.titleRequired': { en: 'Title is required', pt: 'Título é obrigatório', es: 'El título es obligatorio' },
  'task.propertyRequired': {
    en: 'Property is required',
    pt: 'Propriedade é obrigatória',
    es: 'La propiedad es obligatoria',
  },
  'task.typeRequired': { en: 'Type is required', pt: 'Tipo é obrigatório', es: 'El tipo es obligatorio' },
  'task.unknownProperty': {
    en: 'This property does not exist in your company',
    pt: 'Esta propriedade não existe na sua empresa',
    es: 'Esta propiedad no existe en tu empresa',
  },
  'finance.propertyRequiredScoped': {
    en: 'Choose one of your properties: you see the money of your properties only',
    pt: 'Escolha uma das suas propriedades: você vê apenas o dinheiro das suas propriedades',
    es: 'Elige una de tus propiedades: solo ves el dinero de tus propiedades',
  },
  'task.unknownAssignee': {
    en: 'This person is not a member of your company',
    pt: 'Esta pessoa não faz parte da sua empresa',
    es: 'Esta persona no pertenece a tu empresa',
  },
  'auth.emailTaken': {
    en: 'An account with this e-mail already exists',
    pt: 'Já existe uma conta com este email',
    es: 'Ya existe una cuenta con este correo',
  },
  'auth.allFieldsRequired': {
    en: 'All fields are required',
    pt: 'Todos os campos são obrigatórios',
    es: 'Todos los campos son obligatorios',
  },
  'auth.emailPasswordRequired': {
    en: 'E-mail and password are required',
    pt: 'Email e senha são obrigatórios',
    es: 'El correo y la contraseña son obligatorios',
  },
  'auth.passwordsDontMatch': { en: 'Passwords do not match', pt: 'Senhas não coincidem', es: 'Las contraseñas no coinciden' },
  'auth.passwordTooShort': {
    en: 'Password too short (at least 8 characters)',
    pt: 'Senha muito curta (mínimo de 8 caracteres)',
    es: 'Contraseña demasiado corta (mínimo 8 caracteres)',
  },
  'auth.passwordCommon': {
    en: 'This password is one of the most common ones and easy to guess. Choose another.',
    pt: 'Esta senha está entre as mais comuns e é fácil de adivinhar. Escolha outra.',
    es: 'Esta contraseña está entre las más comunes y es fácil de adivinar. Elige otra.',
  },
  'auth.totpRequired': {
    en: 'Enter the 6-digit code from your authenticator app.',
    pt: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    es: 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
  },
  'auth.totpEnrolRequired': {
    en: 'Your company requires two-factor authentication. Set up an authenticator app to continue.',
    pt: 'Sua empresa exige autenticação de dois fatores. Configure um aplicativo autenticador para continuar.',
    es: 'Tu empresa exige autenticación de dos factores. Configura una aplicación de autenticación para continuar.',
  },
  'auth.totpInvalid': {
    en: 'Incorrect code. Check the time on your phone and enter the current 6-digit code.',
    pt: 'Código incorreto. Verifique a hora do seu celular e digite o código de 6 dígitos atual.',
    es: 'Código incorrecto. Comprueba la hora de tu teléfono e introduce el código de 6 dígitos actual.',
  },
  'auth.totpCodeFormat': {
    en: 'The code has 6 digits',
    pt: 'O código tem 6 dígitos',
    es: 'El código tiene 6 dígitos',
  },
  'auth.totpSessionExpired': {
    en: 'This sign-in step has expired. Please sign in again.',
    pt: 'Esta etapa de login expirou. Entre novamente.',
    es: 'Este paso de inicio de sesión ha caducado. Inicia sesión de nuevo.',
  },
  'auth.totpEnabled': {
    en: 'Two-factor authentication is on.',
    pt: 'Autenticação de dois fatores ativada.',
    es: 'Autenticación de dos factores activada.',
  },
  'auth.totpAlreadyEnabled': {
    en: 'Two-factor authentication is already on for your account.',
    pt: 'A autenticação de dois fatores já está ativada na sua conta.',
    es: 'La autenticación de dos factores ya está activada en tu cuenta.',
  },
  'auth.registered': {
    en: 'Account created! Check your e-mail to confirm it.',
    pt: 'Conta criada com sucesso! Verifique seu email.',
    es: '¡Cuenta creada con éxito! Revisa tu correo electrónico.',
  },
  'auth.passwordRejected': {
    en: 'This password does not meet the requirements',
    pt: 'Esta senha não atende aos requisitos',
    es: 'Esta contraseña no cumple los requisitos',
  },
  'auth.emailAlreadyConfirmed': {
    en: 'This e-mail was already confirmed with this link. You can sign in.',
    pt: 'Este email já foi confirmado com este link. Você já pode entrar.',
    es: 'Este correo ya se confirmó con este enlace. Ya puedes iniciar sesión.',
  },
  'auth.emailConfirmed': {
    en: 'E-mail confirmed! You can sign in now.',
    pt: 'Email confirmado! Você já pode entrar.',
    es: '¡Correo confirmado! Ya puedes iniciar sesión.',
  },
  // The confirmation and reset pages look for the English words "expired" / "invalid" in the
  // message (SPEC point 4); responses also carry `code: 'expired' | 'invalid'` for every language.
  'auth.linkExpired': {
    en: 'This link has expired. Please request a new one.',
    pt: 'Este link expirou. Solicite um novo.',
    es: 'Este enlace ha caducado. Solicita uno nuevo.',
  },
  'auth.linkInvalid': {
    en: 'This link is invalid or has already been used.',
    pt: 'Link inválido ou já utilizado.',
    es: 'Enlace no válido o ya utilizado.',
  },
  'auth.loginSuccess': {
    en: 'Signed in successfully!',
    pt: 'Login realizado com sucesso!',
    es: '¡Inicio de sesión realizado con éxito!',
  },
  'auth.invalidCredentials': {
    en: 'Incorrect e-mail or password',
    pt: 'Email ou senha incorretos',
    es: 'Correo o contraseña incorrectos',
  },
  'auth.emailNotConfirmed': {
    en: 'Please confirm your e-mail before signing in. Check your inbox for the confirmation link.',
    pt: 'Confirme seu email antes de entrar. Procure o link de confirmação na sua caixa de entrada.',
    es: 'Confirma tu correo antes de iniciar sesión. Busca el enlace de confirmación en tu bandeja de entrada.',
  },
  'auth.passwordResetRequired': {
    en: 'You need to set a new password. Use "Forgot password" to receive a link.',
    pt: 'Você precisa definir uma nova senha. Use "Esqueci minha senha" para receber um link.',
    es: 'Debes definir una nueva contraseña. Usa "Olvidé mi contraseña" para recibir un enlace.',
  },
  'auth.tooManyAttempts': {
    en: 'Too many failed sign-in attempts for this e-mail. Try again in a few minutes, or reset your password.',
    pt: 'Muitas tentativas de login sem sucesso para este email. Tente novamente em alguns minutos ou redefina sua senha.',
    es: 'Demasiados intentos fallidos para este correo. Inténtalo de nuevo en unos minutos o restablece tu contraseña.',
  },
  'auth.confirmationResent': {
    en: 'If this e-mail is waiting for confirmation, we have sent a new confirmation link.',
    pt: 'Se este email estiver aguardando confirmação, enviamos um novo link de confirmação.',
    es: 'Si este correo está pendiente de confirmación, enviamos un nuevo enlace de confirmación.',
  },
  'auth.resetEmailSent': {
    en: 'If an account exists for this e-mail, we have sent a link to reset the password.',
    pt: 'Se existir uma conta com este email, enviamos um link para redefinir a senha.',
    es: 'Si existe una cuenta con este correo, enviamos un enlace para restablecer la contraseña.',
  },
  'auth.passwordReset': {
    en: 'Password reset successfully! Sign in with your new password.',
    pt: 'Senha redefinida com sucesso! Entre com sua nova senha.',
    es: '¡Contraseña restablecida con éxito! Inicia sesión con tu nueva contraseña.',
  },
  'email.confirm.subject': {
    en: 'Confirm your RentalOps e-mail',
    pt: 'Confirme seu email no RentalOps',
    es: 'Confirma tu correo en RentalOps',
  },
  'email.confirm.body': {
    en: 'Hello {{name}},\n\nConfirm your e-mail address to start using RentalOps:\n{{link}}\n\nThe link is valid for 24 hours. If you did not create an account, ignore this message.',
    pt: 'Olá {{name}},\n\nConfirme seu endereço de email para começar a usar o RentalOps:\n{{link}}\n\nO link vale por 24 horas. Se você não criou uma conta, ignore esta mensagem.',
    es: 'Hola {{name}},\n\nConfirma tu dirección de correo para empezar a usar RentalOps:\n{{link}}\n\nEl enlace es válido durante 24 horas. Si no creaste una cuenta, ignora este mensaje.',
  },
  'email.reset.subject': {
    en: 'Reset your RentalOps password',
    pt: 'Redefina sua senha do RentalOps',
    es: 'Restablece tu contraseña de RentalOps',
  },
  'email.reset.body': {
    en: 'Hello {{name}},\n\nWe received a request to reset your password. Choose a new one here:\n{{link}}\n\nThe link is valid for 1 hour. If you did not ask for it, ignore this message: your password stays the same.',
    pt: 'Olá {{name}},\n\nRecebemos um pedido para redefinir sua senha. Escolha uma nova aqui:\n{{link}}\n\nO link vale por 1 hora. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
    es: 'Hola {{name}},\n\nRecibimos una solicitud para restablecer tu contraseña. Elige una nueva aquí:\n{{link}}\n\nEl enlace es válido durante 1 hora. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
  },
  // Registration with an address that already has an account (issue 43 point 4): the form answers as
  // for a new one; the address's owner gets this note instead of a confirmation link.
  'email.registerAttempt.subject': {
    en: 'Someone tried to create a RentalOps account with your e-mail',
    pt: 'Alguém tentou criar uma conta no RentalOps com seu email',
    es: 'Alguien intentó crear una cuenta de RentalOps con tu correo',
  },
  'email.registerAttempt.body': {
    en: 'Hello {{name}},\n\nSomeone tried to register on RentalOps with your e-mail address, which already has an account. No new account was created.\n\nIf it was you, sign in here:\n{{signInLink}}\n\nForgot your password? Choose a new one here:\n{{resetLink}}\n\nIf it was not you, ignore this message: your account has not changed.',
    pt: 'Olá {{name}},\n\nAlguém tentou se cadastrar no RentalOps com seu endereço de email, que já tem uma conta. Nenhuma conta nova foi criada.\n\nSe foi você, entre aqui:\n{{signInLink}}\n\nEsqueceu a senha? Escolha uma nova aqui:\n{{resetLink}}\n\nSe não foi você, ignore esta mensagem: sua conta não mudou.',
    es: 'Hola {{name}},\n\nAlguien intentó registrarse en RentalOps con tu dirección de correo, que ya tiene una cuenta. No se creó ninguna cuenta nueva.\n\nSi fuiste tú, inicia sesión aquí:\n{{signInLink}}\n\n¿Olvidaste tu contraseña? Elige una nueva aquí:\n{{resetLink}}\n\nSi no fuiste tú, ignora este mensaje: tu cuenta no ha cambiado.',
  },
  // Upload rate limits (issue 43 point 7): 429 with Retry-After.
  'uploads.tooManyAtOnce': {
    en: 'Too many photos are being sent at once. Wait a few minutes and send the rest; nothing already sent is lost.',
    pt: 'Muitas fotos estão sendo enviadas de uma vez. Aguarde alguns minutos e envie o restante; nada do que já foi enviado se perde.',
    es: 'Se están enviando demasiadas fotos a la vez. Espera unos minutos y envía el resto; no se pierde nada de lo ya enviado.',
  },
  'uploads.dailyLimitUser': {
    en: 'You have reached the daily limit of photo uploads. You can send more tomorrow.',
    pt: 'Você atingiu o limite diário de envio de fotos. Você poderá enviar mais amanhã.',
    es: 'Alcanzaste el límite diario de envío de fotos. Podrás enviar más mañana.',
  },
  'uploads.dailyLimitCompany': {
    en: 'Your company has reached its daily limit of photo uploads. You can send more tomorrow.',
    pt: 'Sua empresa atingiu o limite diário de envio de fotos. Vocês poderão enviar mais amanhã.',
    es: 'Tu empresa alcanzó su límite diario de envío de fotos. Podrán enviar más mañana.',
  },
  'reset.minLength': {
    en: 'The password must have at least 8 characters',
    pt: 'A senha deve ter pelo menos 8 caracteres',
    es: 'La contraseña debe tener al menos 8 caracteres',
  },
  'reset.lowercase': {
    en: 'The password must contain at least one lowercase letter',
    pt: 'A senha deve conter pelo menos uma letra minúscula',
    es: 'La contraseña debe contener al menos una letra minúscula',
  },
  'reset.uppercase': {
    en: 'The password must contain at least one uppercase letter',
    pt: 'A senha deve conter pelo menos uma letra maiúscula',
    es: 'La contraseña debe contener al menos una letra mayúscula',
  },
  'reset.digit': {
    en: 'The password must contain at least one number',
    pt: 'A senha deve conter pelo menos um número',
    es: 'La contraseña debe contener al menos un número',
  },
  'reset.special': {
    en: 'The password must contain at least one special character (@$!%*?&)',
    pt: 'A senha deve conter pelo menos um caractere especial (@$!%*?&)',
    es: 'La contraseña debe contener al menos un carácter especial (@$!%*?&)',
  },
  'reset.mismatch': { en: 'Passwords do not match', pt: 'As senhas não coincidem', es: 'Las contraseñas no coinciden' },
  'photos.notImage': {
    en: 'Only images can be uploaded (JPEG, PNG, WebP, GIF, HEIC)',
    pt: 'Apenas imagens podem ser enviadas (JPEG, PNG, WebP, GIF, HEIC)',
    es: 'Solo se pueden subir imágenes (JPEG, PNG, WebP, GIF, HEIC)',
  },
  'photos.tooLarge': {
    en: 'Each photo can be at most 10 MB',
    pt: 'Cada foto pode ter no máximo 10 MB',
    es: 'Cada foto puede tener como máximo 10 MB',
  },
  'photos.outsidePrefix': {
    en: 'This photo does not belong to this task',
    pt: 'Esta foto não pertence a esta tarefa',
    es: 'Esta foto no pertenece a esta tarea',
  },
  'photos.notUploaded': {
    en: 'The photo was not uploaded; try again',
    pt: 'A foto não foi enviada; tente novamente',
    es: 'La foto no se subió; inténtalo de nuevo',
  },
  'photos.notRecorded': {
    en: 'The photo could not be added to this task (already added, or the task is full)',
    pt: 'Não foi possível adicionar a foto a esta tarefa (já adicionada, ou a tarefa está cheia)',
    es: 'No se pudo añadir la foto a esta tarea (ya añadida, o la tarea está llena)',
  },
  'logo.notImage': {
    en: 'The logo must be a PNG, JPEG or WebP image',
    pt: 'O logotipo deve ser uma imagem PNG, JPEG ou WebP',
    es: 'El logotipo debe ser una imagen PNG, JPEG o WebP',
  },
  'logo.tooLarge': {
    en: 'The logo can be at most 2 MB',
    pt: 'O logotipo pode ter no máximo 2 MB',
    es: 'El logotipo puede tener como máximo 2 MB',
  },
  'logo.empty': {
    en: 'The file is empty',
    pt: 'O arquivo está vazio',
    es: 'El archivo está vacío',
  },
  'logo.outsidePrefix': {
    en: 'This image was not uploaded as your company\'s logo',
    pt: 'Esta imagem não foi enviada como logotipo da sua empresa',
    es: 'Esta imagen no se subió como logotipo de tu empresa',
  },
  'logo.notUploaded': {
    en: 'The logo was not uploaded; try again',
    pt: 'O logotipo não foi enviado; tente novamente',
    es: 'El logotipo no se subió; inténtalo de nuevo',
  },
  'finance.amountInvalid': {
    en: 'Enter an amount greater than 0 with at most 2 decimals (up to 99,999,999.99)',
    pt: 'Informe um valor maior que 0 com no máximo 2 casas decimais (até 99.999.999,99)',
    es: 'Introduce un importe mayor que 0 con como máximo 2 decimales (hasta 99.999.999,99)',
  },
  'finance.amountUnreadable': {
    en: 'Type the amount in digits, like 1,250.50 or 1250.50',
    pt: 'Digite o valor em algarismos, como 1.250,50 ou 1250,50',
    es: 'Escribe el importe en cifras, como 1.250,50 o 1250,50',
  },
  'invoice.dueDateRequired': {
    en: 'Due date is required',
    pt: 'A data de vencimento é obrigatória',
    es: 'La fecha de vencimiento es obligatoria',
  },
  'expense.dateRequired': { en: 'Date is required', pt: 'A data é obrigatória', es: 'La fecha es obligatoria' },
  'expense.categoryRequired': {
    en: 'Category is required',
    pt: 'A categoria é obrigatória',
    es: 'La categoría es obligatoria',
  },
  'report.customRangeRequired': {
    en: 'Choose the start and end dates of the custom range',
    pt: 'Escolha as datas de início e fim do período personalizado',
    es: 'Elige las fechas de inicio y fin del período personalizado',
  },
  'report.rangeOrder': {
    en: 'The end date must be on or after the start date',
    pt: 'A data final deve ser igual ou posterior à inicial',
    es: 'La fecha final debe ser igual o posterior a la inicial',
  },
  'report.rangeTooLong': {
    en: 'A custom range can cover at most 366 days',
    pt: 'Um período personalizado pode cobrir no máximo 366 dias',
    es: 'Un período personalizado puede abarcar como máximo 366 días',
  },
  'planRequest.planRequired': {
    en: 'Choose a plan: trial, basic, professional or enterprise',
    pt: 'Escolha um plano: trial, basic, professional ou enterprise',
    es: 'Elige un plan: trial, basic, professional o enterprise',
  },
  'planRequest.billingRequired': {
    en: 'Choose monthly or yearly billing',
    pt: 'Escolha a cobrança mensal ou anual',
    es: 'Elige la facturación mensual o anual',
  },
  'planRequest.notAvailable': {
    en: 'This is already your current plan',
    pt: 'Este já é o seu plano atual',
    es: 'Este ya es tu plan actual',
  },
  'planRequest.trialUsed': {
    en: 'Your company has already used its free trial: choose a paid plan',
    pt: 'Sua empresa já usou o período de teste gratuito: escolha um plano pago',
    es: 'Tu empresa ya usó su prueba gratuita: elige un plan de pago',
  },
  // Payments and plan changes (issue 22, functions/billing, functions/payments).
  'billing.changedMeanwhile': {
    en: 'Your plan changed meanwhile. Reload the page and try again.',
    pt: 'Seu plano mudou nesse meio tempo. Recarregue a página e tente novamente.',
    es: 'Tu plan cambió mientras tanto. Recarga la página e inténtalo de nuevo.',
  },
  'billing.downgradeDoesNotFit': {
    en: 'Your company does not fit the {{plan}} plan yet: remove {{properties}} properties, {{users}} users and {{storageMb}} MB of photos first.',
    pt: 'Sua empresa ainda não cabe no plano {{plan}}: remova antes {{properties}} propriedades, {{users}} usuários e {{storageMb}} MB de fotos.',
    es: 'Tu empresa aún no cabe en el plan {{plan}}: elimina antes {{properties}} propiedades, {{users}} usuarios y {{storageMb}} MB de fotos.',
  },
  'billing.badSignature': {
    en: 'Invalid webhook signature',
    pt: 'Assinatura do webhook inválida',
    es: 'Firma del webhook no válida',
  },
  'billing.noSubscription': {
    en: 'There is no paid subscription to manage yet. Choose a plan first.',
    pt: 'Ainda não há assinatura paga para gerenciar. Escolha um plano primeiro.',
    es: 'Todavía no hay una suscripción de pago que gestionar. Elige un plan primero.',
  },
  'billing.contactSales': {
    en: 'The enterprise plan is agreed with our sales team: ask for it on the pricing page.',
    pt: 'O plano enterprise é combinado com nossa equipe de vendas: solicite-o na página de preços.',
    es: 'El plan enterprise se acuerda con nuestro equipo de ventas: solicítalo en la página de precios.',
  },
  // Subscriptions (issue 22): a read-only company's writes (402), storage quota, the master's console.
  'subscription.trialEnded': {
    en: 'Your trial has ended. Choose a plan to keep working: your data is kept and you can still view it.',
    pt: 'Seu período de teste terminou. Escolha um plano para continuar trabalhando: seus dados estão guardados e você ainda pode consultá-los.',
    es: 'Tu período de prueba ha terminado. Elige un plan para seguir trabajando: tus datos se conservan y aún puedes consultarlos.',
  },
  'subscription.trialEndedMember': {
    en: "Your company's trial has ended, so changes are paused. Ask your company's CEO to choose a plan.",
    pt: 'O período de teste da sua empresa terminou, por isso as alterações estão pausadas. Peça ao CEO da sua empresa para escolher um plano.',
    es: 'El período de prueba de tu empresa ha terminado, así que los cambios están en pausa. Pide al CEO de tu empresa que elija un plan.',
  },
  'subscription.paymentOverdue': {
    en: 'Your payment is overdue and the grace period has ended. Update your card or choose a plan to keep working.',
    pt: 'Seu pagamento está em atraso e o período de carência terminou. Atualize seu cartão ou escolha um plano para continuar trabalhando.',
    es: 'Tu pago está atrasado y el período de gracia ha terminado. Actualiza tu tarjeta o elige un plan para seguir trabajando.',
  },
  'subscription.cancelled': {
    en: 'Your subscription has ended. Choose a plan to keep working: your data is kept and you can still view it.',
    pt: 'Sua assinatura terminou. Escolha um plano para continuar trabalhando: seus dados estão guardados e você ainda pode consultá-los.',
    es: 'Tu suscripción ha terminado. Elige un plan para seguir trabajando: tus datos se conservan y aún puedes consultarlos.',
  },
  'subscription.pausedMember': {
    en: "Your company's subscription has ended, so changes are paused. Ask your company's CEO to choose a plan.",
    pt: 'A assinatura da sua empresa terminou, por isso as alterações estão pausadas. Peça ao CEO da sua empresa para escolher um plano.',
    es: 'La suscripción de tu empresa ha terminado, así que los cambios están en pausa. Pide al CEO de tu empresa que elija un plan.',
  },
  'storage.limitReached': {
    en: 'Storage limit reached. The {{plan}} plan allows up to {{limit}} of photos and logos ({{used}} used).',
    pt: 'Limite de armazenamento atingido. Plano {{plan}} permite até {{limit}} de fotos e logotipos ({{used}} usados).',
    es: 'Límite de almacenamiento alcanzado. El plan {{plan}} permite hasta {{limit}} de fotos y logotipos ({{used}} usados).',
  },
  'admin.changeRequired': {
    en: 'Send trialEndsAt (an ISO instant) or plan',
    pt: 'Envie trialEndsAt (um instante ISO) ou plan',
    es: 'Envía trialEndsAt (un instante ISO) o plan',
  },
  'admin.trialEndsAtInvalid': {
    en: 'trialEndsAt must be an ISO instant, e.g. 2026-03-14T22:00:00Z',
    pt: 'trialEndsAt deve ser um instante ISO, ex.: 2026-03-14T22:00:00Z',
    es: 'trialEndsAt debe ser un instante ISO, p. ej. 2026-03-14T22:00:00Z',
  },
  'admin.notOnTrial': {
    en: 'This company is not on the trial plan: set a plan instead',
    pt: 'Esta empresa não está no plano trial: defina um plano em vez disso',
    es: 'Esta empresa no está en el plan de prueba: asigna un plan en su lugar',
  },
  'admin.requestNotPending': {
    en: 'This company has no pending enterprise request',
    pt: 'Esta empresa não tem pedido enterprise pendente',
    es: 'Esta empresa no tiene una solicitud enterprise pendiente',
  },
  'admin.decisionRequired': {
    en: 'Choose apply or refuse',
    pt: 'Escolha aplicar ou recusar',
    es: 'Elige aplicar o rechazar',
  },
  'shift.unknown': {
    en: 'Unknown shift: use morning, afternoon or night',
    pt: 'Turno desconhecido: use morning, afternoon ou night',
    es: 'Turno desconocido: usa morning, afternoon o night',
  },
  'shift.teamNameRequired': { en: 'Team name is required', pt: 'Nome da equipe é obrigatório', es: 'El nombre del equipo es obligatorio' },
  'shift.membersRequired': {
    en: 'Choose at least one member',
    pt: 'Escolha pelo menos um membro',
    es: 'Elige al menos un miembro',
  },
  'shift.tooManyTeams': {
    en: 'At most 10 teams per shift',
    pt: 'No máximo 10 equipes por turno',
    es: 'Como máximo 10 equipos por turno',
  },
  'shift.unknownMember': {
    en: 'This person is not a member of your company',
    pt: 'Esta pessoa não faz parte da sua empresa',
    es: 'Esta persona no pertenece a tu empresa',
  },
  'shift.duplicateMember': {
    en: 'A person can be in only one team per shift',
    pt: 'Uma pessoa só pode estar em uma equipe por turno',
    es: 'Una persona solo puede estar en un equipo por turno',
  },
  'shift.pastDate': {
    en: 'Shifts can only be scheduled from today on',
    pt: 'Só é possível escalar turnos a partir de hoje',
    es: 'Solo se pueden programar turnos a partir de hoy',
  },
  'shift.closed': {
    en: 'This shift has ended and can no longer be changed',
    pt: 'Este turno já foi encerrado e não pode mais ser alterado',
    es: 'Este turno ya terminó y no se puede modificar',
  },
  'shift.notInProgress': {
    en: 'A shift can only be started during its hours ({{start}}-{{end}})',
    pt: 'Um turno só pode ser iniciado durante o seu horário ({{start}}-{{end}})',
    es: 'Un turno solo se puede iniciar durante su horario ({{start}}-{{end}})',
  },
  'shift.notScheduled': {
    en: 'You are not scheduled for this shift',
    pt: 'Você não está escalado para este turno',
    es: 'No estás programado para este turno',
  },
  'shift.notStarted': {
    en: 'This shift has not been started yet',
    pt: 'Este turno ainda não foi iniciado',
    es: 'Este turno aún no se ha iniciado',
  },
  'plan.trial': { en: 'Free Trial', pt: 'Trial Gratuito', es: 'Prueba gratuita' },
  'plan.basic': { en: 'Basic', pt: 'Básico', es: 'Básico' },
  'plan.professional': { en: 'Professional', pt: 'Profissional', es: 'Profesional' },
  'plan.enterprise': { en: 'Enterprise', pt: 'Enterprise', es: 'Enterprise' },
  'error.badRequest': {
    en: 'Some fields are not valid',
    pt: 'Alguns campos não são válidos',
    es: 'Algunos campos no son válidos',
  },
  'error.unauthorized': { en: 'Unauthorized', pt: 'Não autorizado', es: 'No autorizado' },
  'apiKeys.missing': {
    en: 'Send your API key as "Authorization: Bearer <key>"',
    pt: 'Envie sua chave de API como "Authorization: Bearer <chave>"',
    es: 'Envía tu clave de API como "Authorization: Bearer <clave>"',
  },
  'apiKeys.invalid': {
    en: 'This API key is not valid: it may have been revoked',
    pt: 'Esta chave de API não é válida: pode ter sido revogada',
    es: 'Esta clave de API no es válida: puede haber sido revocada',
  },
  'apiKeys.expired': {
    en: 'This API key has expired: create a new one on the Integrations page',
    pt: 'Esta chave de API expirou: crie outra na página Integrações',
    es: 'Esta clave de API ha caducado: crea otra en la página Integraciones',
  },
  'apiKeys.rateLimited': {
    en: 'Too many requests with this API key: wait for the time in Retry-After',
    pt: 'Requisições demais com esta chave de API: aguarde o tempo indicado em Retry-After',
    es: 'Demasiadas solicitudes con esta clave de API: espera el tiempo indicado en Retry-After',
  },
  'apiKeys.writeScope': {
    en: 'This API key may only read: create a key with the write scope to make changes',
    pt: 'Esta chave de API só pode ler: crie uma chave com permissão de escrita para fazer alterações',
    es: 'Esta clave de API solo puede leer: crea una clave con permiso de escritura para hacer cambios',
  },
  'apiKeys.tooMany': {
    en: 'A company may have at most {{max}} API keys: revoke one you no longer use',
    pt: 'Uma empresa pode ter no máximo {{max}} chaves de API: revogue uma que não usa mais',
    es: 'Una empresa puede tener como máximo {{max}} claves de API: revoca una que ya no uses',
  },
  'apiKeys.taskCancelled': {
    en: 'This task was cancelled: it cannot be completed',
    pt: 'Esta tarefa foi cancelada: não pode ser concluída',
    es: 'Esta tarea fue cancelada: no se puede completar',
  },
  'apiKeys.taskCancelledNoStart': {
    en: 'This task was cancelled: it cannot be started',
    pt: 'Esta tarefa foi cancelada: não pode ser iniciada',
    es: 'Esta tarea fue cancelada: no se puede empezar',
  },
  'apiKeys.taskCompletedNoStart': {
    en: 'This task is already completed: it cannot be started',
    pt: 'Esta tarefa já foi concluída: não pode ser iniciada',
    es: 'Esta tarea ya está completada: no se puede empezar',
  },
  'apiKeys.taskCompletedNoCancel': {
    en: 'This task is already completed: it cannot be cancelled',
    pt: 'Esta tarefa já foi concluída: não pode ser cancelada',
    es: 'Esta tarea ya está completada: no se puede cancelar',
  },
  'availability.range': {
    en: 'Choose "to" after "from", at most 366 nights later',
    pt: 'Escolha "to" depois de "from", no máximo 366 noites depois',
    es: 'Elige "to" después de "from", como máximo 366 noches después',
  },
  'apiKeys.nameRequired': { en: 'Give the key a name', pt: 'Dê um nome à chave', es: 'Ponle un nombre a la clave' },
  'apiKeys.expiryInPast': {
    en: 'The expiry must be in the future',
    pt: 'A data de expiração deve ser no futuro',
    es: 'La fecha de caducidad debe ser futura',
  },
  'integrations.planRequired': {
    en: 'Your {{plan}} plan does not include this. It is part of the {{required}} plan: choose it on the Plans page.',
    pt: 'Seu plano {{plan}} não inclui isto. Faz parte do plano {{required}}: escolha-o na página Planos.',
    es: 'Tu plan {{plan}} no incluye esto. Forma parte del plan {{required}}: elígelo en la página Planes.',
  },
  'error.forbidden': {
    en: 'You do not have permission to do this',
    pt: 'Você não tem permissão para fazer isto',
    es: 'No tienes permiso para hacer esto',
  },
  'error.notFound': { en: 'Not found', pt: 'Não encontrado', es: 'No encontrado' },
  'error.conflict': {
    en: 'This was changed by someone else; reload and try again',
    pt: 'Isto foi alterado por outra pessoa; recarregue e tente novamente',
    es: 'Otra persona cambió esto; recarga e inténtalo de nuevo',
  },
  'error.tooManyRequests': {
    en: 'Too many attempts. Try again in a few minutes.',
    pt: 'Muitas tentativas. Tente novamente em alguns minutos.',
    es: 'Demasiados intentos. Inténtalo de nuevo en unos minutos.',
  },
  'error.internal': {
    en: 'Something went wrong on our side',
    pt: 'Algo deu errado do nosso lado',
    es: 'Algo salió mal de nuestro lado',
  },
  'error.invalidCursor': { en: 'Invalid page cursor', pt: 'Cursor de página inválido', es: 'Cursor de página no válido' },
  'request.actionAgeInvalid': {
    en: 'The Action-Age header must be a whole number of seconds',
    pt: 'O cabeçalho Action-Age deve ser um número inteiro de segundos',
    es: 'La cabecera Action-Age debe ser un número entero de segundos',
  },
  'error.invalidJson': { en: 'The body is not valid JSON', pt: 'O corpo não é um JSON válido', es: 'El cuerpo no es un JSON válido' },
  'error.crossSite': {
    en: 'This request came from another site and was refused. Open RentalOps at its own address and try again.',
    pt: 'Esta requisição veio de outro site e foi recusada. Abra o RentalOps no endereço dele e tente novamente.',
    es: 'Esta solicitud vino de otro sitio y fue rechazada. Abre RentalOps en su propia dirección e inténtalo de nuevo.',
  },
  'error.jsonRequired': {
    en: 'Send the request body as JSON (Content-Type: application/json)',
    pt: 'Envie o corpo da requisição como JSON (Content-Type: application/json)',
    es: 'Envía el cuerpo de la solicitud como JSON (Content-Type: application/json)',
  },
  'notifications.companyRequired': {
    en: 'Choose a company',
    pt: 'Selecione uma empresa',
    es: 'Selecciona una empresa',
  },
  'notifications.messageRequired': {
    en: 'The message is required',
    pt: 'A mensagem é obrigatória',
    es: 'El mensaje es obligatorio',
  },
  'notifications.smsNotConfigured': {
    en: 'Turn SMS on and save a phone number first',
    pt: 'Ative o SMS e salve um número de telefone primeiro',
    es: 'Activa el SMS y guarda un número de teléfono primero',
  },
  'notifications.noChannel': {
    en: 'No channel is on: turn on SMS (with a phone number) or e-mail',
    pt: 'Nenhum canal ativo: ative o SMS (com um número de telefone) ou o email',
    es: 'Ningún canal activo: activa el SMS (con un número de teléfono) o el correo',
  },
  'notifications.testSent': {
    en: 'Test SMS sent to {{phone}}',
    pt: 'SMS de teste enviado para {{phone}}',
    es: 'SMS de prueba enviado a {{phone}}',
  },
  'notifications.sent': {
    en: 'Sent to {{recipients}}',
    pt: 'Enviada para {{recipients}}',
    es: 'Enviada a {{recipients}}',
  },
  'notifications.sendFailed': {
    en: 'Sending failed: {{error}}',
    pt: 'Falha no envio: {{error}}',
    es: 'Error en el envío: {{error}}',
  },
  'notifications.roleRequired': {
    en: 'Choose the role that receives the message',
    pt: 'Escolha o cargo que recebe a mensagem',
    es: 'Elige el rol que recibe el mensaje',
  },
  'notifications.membersRequired': {
    en: 'Choose at least one member',
    pt: 'Escolha pelo menos um membro',
    es: 'Elige al menos un miembro',
  },
  'notifications.unknownMember': {
    en: 'One of the chosen members is not in this company',
    pt: 'Um dos membros escolhidos não pertence a esta empresa',
    es: 'Uno de los miembros elegidos no pertenece a esta empresa',
  },
  'notifications.noRecipients': {
    en: 'Nobody of the chosen recipients can receive it: each needs e-mail on, or SMS on with a phone number',
    pt: 'Nenhum dos destinatários escolhidos pode recebê-la: cada um precisa do email ativo, ou do SMS ativo com um número de telefone',
    es: 'Ninguno de los destinatarios elegidos puede recibirlo: cada uno necesita el correo activo, o el SMS activo con un número de teléfono',
  },
  'notifications.rateLimited': {
    en: 'Too many messages sent in the last hour. Try again later.',
    pt: 'Muitas mensagens enviadas na última hora. Tente novamente mais tarde.',
    es: 'Demasiados mensajes enviados en la última hora. Inténtalo más tarde.',
  },
  'email.smtpPortInvalid': {
    en: 'The port must be a number from 1 to 65535',
    pt: 'A porta deve ser um número de 1 a 65535',
    es: 'El puerto debe ser un número del 1 al 65535',
  },
  'email.connectionOk': {
    en: 'The SMTP server {{host}}:{{port}} accepted the connection',
    pt: 'O servidor SMTP {{host}}:{{port}} aceitou a conexão',
    es: 'El servidor SMTP {{host}}:{{port}} aceptó la conexión',
  },
  'email.sesOk': {
    en: 'Amazon SES accepted a test message from {{from}}',
    pt: 'O Amazon SES aceitou uma mensagem de teste de {{from}}',
    es: 'Amazon SES aceptó un mensaje de prueba de {{from}}',
  },
  'email.connectionFailed': {
    en: 'Connection failed: {{error}}',
    pt: 'Falha na conexão: {{error}}',
    es: 'Error de conexión: {{error}}',
  },
  'email.hostNotAllowed': {
    en: 'This SMTP server address is not allowed (private or local network)',
    pt: 'Este endereço de servidor SMTP não é permitido (rede privada ou local)',
    es: 'Esta dirección de servidor SMTP no está permitida (red privada o local)',
  },
  'email.confirmationSent': {
    en: 'Test confirmation e-mail sent to {{email}}',
    pt: 'Email de confirmação de teste enviado para {{email}}',
    es: 'Correo de confirmación de prueba enviado a {{email}}',
  },
  // ---- Reservations, calendar sync, turnovers, checklists, team invites ----
  // Calendar export (issue 39 point 5): a member's task feed as their phone's calendar shows it.
  'calendarExport.taskFeedName': { en: 'RentalOps — my tasks', pt: 'RentalOps — minhas tarefas', es: 'RentalOps — mis tareas' },
  'calendarExport.taskType.cleaning': { en: 'Cleaning', pt: 'Limpeza', es: 'Limpieza' },
  'calendarExport.taskType.maintenance': { en: 'Maintenance', pt: 'Manutenção', es: 'Mantenimiento' },
  'calendarExport.taskType.laundry': { en: 'Laundry', pt: 'Lavanderia', es: 'Lavandería' },
  'calendarExport.taskType.inspection': { en: 'Inspection', pt: 'Inspeção', es: 'Inspección' },
  // The guest's "we have left" (issue 40 point 4): the public page's refusals, and the work a breakage becomes.
  'guestLink.unknown': {
    en: 'This link is not valid (it may have been replaced). Ask your host for the current one; nothing was recorded.',
    pt: 'Este link não é válido (pode ter sido substituído). Peça o link atual ao anfitrião; nada foi registrado.',
    es: 'Este enlace no es válido (puede haber sido sustituido). Pide el enlace actual a tu anfitrión; no se registró nada.',
  },
  'guestLink.tooEarly': {
    en: 'Too early: you can tell us you have left from {{opens}}. Nothing was recorded.',
    pt: 'Ainda é cedo: você pode avisar que saiu a partir de {{opens}}. Nada foi registrado.',
    es: 'Todavía es pronto: puedes avisar de que has salido a partir de {{opens}}. No se registró nada.',
  },
  'guestLink.tooLate': {
    en: "This stay's checkout day is over: nothing was recorded.",
    pt: 'O dia de saída desta estadia já terminou: nada foi registrado.',
    es: 'El día de salida de esta estancia ya terminó: no se registró nada.',
  },
  'guestLink.photoLimit': {
    en: 'This link has already sent its photo (one per stay).',
    pt: 'Este link já enviou a sua foto (uma por estadia).',
    es: 'Este enlace ya envió su foto (una por estancia).',
  },
  'guestLink.tooMany': {
    en: 'Too many attempts from this connection. Try again in a few minutes.',
    pt: 'Muitas tentativas a partir desta conexão. Tente novamente em alguns minutos.',
    es: 'Demasiados intentos desde esta conexión. Inténtalo de nuevo en unos minutos.',
  },
  'guestLink.notAStay': {
    en: 'Only a guest stay has a guest link (not a block or a cancelled stay).',
    pt: 'Só a estadia de um hóspede tem link do hóspede (não um bloqueio nem uma estadia cancelada).',
    es: 'Solo la estancia de un huésped tiene enlace del huésped (no un bloqueo ni una estancia cancelada).',
  },
  'guestLink.breakageTitle': {
    en: 'Reported by the guests: {{summary}}',
    pt: 'Relatado pelos hóspedes: {{summary}}',
    es: 'Informado por los huéspedes: {{summary}}',
  },
  'guestLink.breakageNoNote': {
    en: 'The guests sent a photo of something broken when they left.',
    pt: 'Os hóspedes enviaram uma foto de algo quebrado ao sair.',
    es: 'Los huéspedes enviaron una foto de algo roto al salir.',
  },
  'guestLink.channelMessage': {
    en: 'When you leave {{property}} on checkout day, please tap "We have left" here: {{url}} (it lets our cleaners start sooner).',
    pt: 'Quando sair de {{property}} no dia do check-out, toque em "Já saímos" aqui: {{url}} (assim a nossa equipe de limpeza começa mais cedo).',
    es: 'Cuando salgáis de {{property}} el día de salida, pulsad "Ya hemos salido" aquí: {{url}} (así nuestro equipo de limpieza empieza antes).',
  },
  'reservation.guestRequired': { en: 'Guest name is required', pt: 'Nome do hóspede é obrigatório', es: 'El nombre del huésped es obligatorio' },
  'reservation.checkinRequired': { en: 'Check-in date is required', pt: 'Data de check-in é obrigatória', es: 'La fecha de check-in es obligatoria' },
  'reservation.checkoutRequired': { en: 'Check-out date is required', pt: 'Data de check-out é obrigatória', es: 'La fecha de check-out es obligatoria' },
  'reservation.checkoutBeforeCheckin': {
    en: 'Check-out must be after check-in',
    pt: 'O check-out deve ser depois do check-in',
    es: 'El check-out debe ser posterior al check-in',
  },
  'reservation.tooLong': {
    en: 'A stay can be at most {{max}} nights',
    pt: 'Uma estadia pode ter no máximo {{max}} noites',
    es: 'Una estancia puede tener como máximo {{max}} noches',
  },
  'reservation.outOfRange': {
    en: 'Dates must be between the year 2000 and three years from now',
    pt: 'As datas devem estar entre o ano 2000 e daqui a três anos',
    es: 'Las fechas deben estar entre el año 2000 y dentro de tres años',
  },
  'reservation.overlap': {
    en: 'This property is already booked for the night of {{night}} ({{guest}}, {{checkin}} to {{checkout}}). Stays may only touch: a check-out day can be the next check-in day.',
    pt: 'Esta propriedade já está reservada na noite de {{night}} ({{guest}}, {{checkin}} a {{checkout}}). Estadias só podem se encostar: o dia do check-out pode ser o dia do próximo check-in.',
    es: 'Esta propiedad ya está reservada la noche del {{night}} ({{guest}}, del {{checkin}} al {{checkout}}). Las estancias solo pueden tocarse: el día del check-out puede ser el del siguiente check-in.',
  },
  'reservation.isCancelled': {
    en: 'This reservation is cancelled and can no longer be changed',
    pt: 'Esta reserva está cancelada e não pode mais ser alterada',
    es: 'Esta reserva está cancelada y ya no se puede modificar',
  },
  'reservation.propertyFixed': {
    en: 'A reservation cannot move to another property; cancel it and create a new one',
    pt: 'Uma reserva não pode mudar de propriedade; cancele-a e crie uma nova',
    es: 'Una reserva no puede cambiar de propiedad; cancélala y crea una nueva',
  },
  'calendar.monthInvalid': { en: 'Month must look like YYYY-MM', pt: 'O mês deve ter o formato AAAA-MM', es: 'El mes debe tener el formato AAAA-MM' },
  'portfolio.fromInvalid': {
    en: 'The first day must be a date like 2026-05-31 (YYYY-MM-DD) between the years 2000 and 2099',
    pt: 'O primeiro dia deve ser uma data como 2026-05-31 (AAAA-MM-DD) entre os anos 2000 e 2099',
    es: 'El primer día debe ser una fecha como 2026-05-31 (AAAA-MM-DD) entre los años 2000 y 2099',
  },
  'portfolio.daysInvalid': {
    en: 'Show 14, 30, 60 or 90 days',
    pt: 'Mostre 14, 30, 60 ou 90 dias',
    es: 'Muestra 14, 30, 60 o 90 días',
  },
  'portfolio.limitInvalid': {
    en: 'Ask for 1 to 300 properties per page',
    pt: 'Peça de 1 a 300 propriedades por página',
    es: 'Pide de 1 a 300 propiedades por página',
  },
  'portfolio.blockName': CLOSURE_NAMES.block,
  'portfolio.ownerStayName': CLOSURE_NAMES.owner,
  'calendar.feedUrlInvalid': {
    en: 'Enter the calendar (iCal) link: an http, https or webcal address',
    pt: 'Informe o link do calendário (iCal): um endereço http, https ou webcal',
    es: 'Introduce el enlace del calendario (iCal): una dirección http, https o webcal',
  },
  'calendar.feedExists': {
    en: 'This calendar link is already connected to this property',
    pt: 'Este link de calendário já está conectado a esta propriedade',
    es: 'Este enlace de calendario ya está conectado a esta propiedad',
  },
  'calendar.tooManyFeeds': {
    en: 'A property can have at most {{max}} calendar links',
    pt: 'Uma propriedade pode ter no máximo {{max}} links de calendário',
    es: 'Una propiedad puede tener como máximo {{max}} enlaces de calendario',
  },
  'calendar.syncInProgress': {
    en: 'This calendar is being synchronised right now; try again in a minute',
    pt: 'Este calendário está sendo sincronizado agora; tente novamente em um minuto',
    es: 'Este calendario se está sincronizando ahora; inténtalo de nuevo en un minuto',
  },
  'calendar.error.http': {
    en: 'The calendar link answered with HTTP {{status}}',
    pt: 'O link do calendário respondeu com HTTP {{status}}',
    es: 'El enlace del calendario respondió con HTTP {{status}}',
  },
  'calendar.channelAskedToWait': {
    en: 'The channel asked us to wait before reading its calendar again: it is read in about {{minutes}} min',
    pt: 'O canal pediu para esperar antes de ler o calendário de novo: ele será lido em cerca de {{minutes}} min',
    es: 'El canal pidió esperar antes de volver a leer su calendario: se leerá en unos {{minutes}} min',
  },
  'calendar.error.rateLimited': {
    en: 'The channel is limiting how often its calendar is read, or is briefly unavailable (HTTP {{status}}); the next sync waits as long as it asks and tries again',
    pt: 'O canal está limitando a frequência de leitura do calendário, ou está indisponível por um momento (HTTP {{status}}); a próxima sincronização espera o tempo pedido e tenta de novo',
    es: 'El canal está limitando la frecuencia de lectura del calendario, o no está disponible por un momento (HTTP {{status}}); la próxima sincronización espera el tiempo pedido y lo intenta de nuevo',
  },
  'calendar.error.timeout': {
    en: 'The calendar link did not answer within {{seconds}} s',
    pt: 'O link do calendário não respondeu em {{seconds}} s',
    es: 'El enlace del calendario no respondió en {{seconds}} s',
  },
  'calendar.error.tooLarge': {
    en: 'The calendar is larger than {{megabytes}} MB',
    pt: 'O calendário é maior que {{megabytes}} MB',
    es: 'El calendario ocupa más de {{megabytes}} MB',
  },
  'calendar.error.unreachable': {
    en: 'The calendar link could not be reached (no answer, or the connection broke off)',
    pt: 'Não foi possível acessar o link do calendário (sem resposta, ou a conexão caiu)',
    es: 'No se pudo acceder al enlace del calendario (sin respuesta, o la conexión se cortó)',
  },
  'calendar.error.hostNotFound': {
    en: 'The calendar link names a server that does not exist ({{host}}): check the link',
    pt: 'O link do calendário aponta para um servidor que não existe ({{host}}): confira o link',
    es: 'El enlace del calendario apunta a un servidor que no existe ({{host}}): comprueba el enlace',
  },
  'calendar.error.connectionRefused': {
    en: 'The server of the calendar link ({{host}}) refused the connection',
    pt: 'O servidor do link do calendário ({{host}}) recusou a conexão',
    es: 'El servidor del enlace del calendario ({{host}}) rechazó la conexión',
  },
  'calendar.error.certificate': {
    en: 'The calendar server ({{host}}) did not prove who it is (its security certificate is not valid): the calendar was not read',
    pt: 'O servidor do calendário ({{host}}) não provou quem é (seu certificado de segurança não é válido): o calendário não foi lido',
    es: 'El servidor del calendario ({{host}}) no demostró quién es (su certificado de seguridad no es válido): el calendario no se leyó',
  },
  'calendar.error.tooManyRedirects': {
    en: 'The calendar link sends us on to other addresses too many times: copy the calendar link again from the channel',
    pt: 'O link do calendário redireciona para outros endereços vezes demais: copie de novo o link do calendário no canal',
    es: 'El enlace del calendario redirige a otras direcciones demasiadas veces: copia de nuevo el enlace del calendario en el canal',
  },
  'calendar.error.unsupportedLink': {
    en: 'The calendar link is not a web address (http or https) and cannot be read',
    pt: 'O link do calendário não é um endereço da web (http ou https) e não pode ser lido',
    es: 'El enlace del calendario no es una dirección web (http o https) y no se puede leer',
  },
  'calendar.error.refused': {
    en: 'The channel refused to hand over the calendar (HTTP {{status}}): the link may have expired or be private; copy the calendar export link again',
    pt: 'O canal recusou-se a entregar o calendário (HTTP {{status}}): o link pode ter expirado ou ser privado; copie de novo o link de exportação do calendário',
    es: 'El canal se negó a entregar el calendario (HTTP {{status}}): el enlace puede haber caducado o ser privado; copia de nuevo el enlace de exportación del calendario',
  },
  'calendar.error.notFound': {
    en: 'There is no calendar at this link any more (HTTP {{status}}): the channel may have replaced it; copy the calendar export link again',
    pt: 'Não há mais calendário neste link (HTTP {{status}}): o canal pode tê-lo substituído; copie de novo o link de exportação do calendário',
    es: 'Ya no hay calendario en este enlace (HTTP {{status}}): el canal puede haberlo sustituido; copia de nuevo el enlace de exportación del calendario',
  },
  'calendar.error.serverError': {
    en: 'The channel\'s server failed to hand over the calendar (HTTP {{status}})',
    pt: 'O servidor do canal falhou ao entregar o calendário (HTTP {{status}})',
    es: 'El servidor del canal falló al entregar el calendario (HTTP {{status}})',
  },
  'calendar.error.unreadable': {
    en: 'The calendar arrived but could not be read (something in it we did not expect); nothing was changed',
    pt: 'O calendário chegou mas não pôde ser lido (algo nele que não esperávamos); nada foi alterado',
    es: 'El calendario llegó pero no se pudo leer (algo en él que no esperábamos); no se cambió nada',
  },
  'calendar.error.importFailed': {
    en: 'The calendar was read, but its stays could not all be saved (a problem on our side); what was saved stays, the next sync tries again',
    pt: 'O calendário foi lido, mas nem todas as estadias puderam ser salvas (um problema do nosso lado); o que foi salvo fica, a próxima sincronização tentará de novo',
    es: 'El calendario se leyó, pero no se pudieron guardar todas sus estancias (un problema de nuestra parte); lo guardado se queda, la próxima sincronización lo intentará de nuevo',
  },
  'calendar.notBookingCalendar': {
    en: 'This does not look like a booking calendar: {{notStays}} of its {{events}} events are not stays (meetings, appointments, holidays; e.g. {{examples}}). Nothing was imported. Check that the link is the channel\'s calendar, or import it anyway',
    pt: 'Isto não parece um calendário de reservas: {{notStays}} dos seus {{events}} eventos não são estadias (reuniões, compromissos, feriados; p. ex. {{examples}}). Nada foi importado. Confira se o link é o calendário do canal, ou importe mesmo assim',
    es: 'Esto no parece un calendario de reservas: {{notStays}} de sus {{events}} eventos no son estancias (reuniones, citas, festivos; p. ej. {{examples}}). No se importó nada. Comprueba que el enlace sea el calendario del canal, o impórtalo igualmente',
  },
  'calendar.error.hostNotAllowed': {
    en: 'This calendar address is not allowed (private or local network)',
    pt: 'Este endereço de calendário não é permitido (rede privada ou local)',
    es: 'Esta dirección de calendario no está permitida (red privada o local)',
  },
  'calendar.error.unparsable': {
    en: 'The link did not return an iCal calendar',
    pt: 'O link não retornou um calendário iCal',
    es: 'El enlace no devolvió un calendario iCal',
  },
  'calendar.error.webPage': {
    en: 'The link returned a web page instead of an iCal calendar (an error or sign-in page, or a listing\'s page): check that it is the channel\'s calendar export link (it often ends in .ics)',
    pt: 'O link retornou uma página da web em vez de um calendário iCal (uma página de erro ou de login, ou a página do anúncio): confira se é o link de exportação do calendário do canal (geralmente termina em .ics)',
    es: 'El enlace devolvió una página web en lugar de un calendario iCal (una página de error o de inicio de sesión, o la del anuncio): comprueba que sea el enlace de exportación del calendario del canal (suele terminar en .ics)',
  },
  'calendar.error.suddenlyEmpty': {
    en: 'The calendar came back without any booking while {{count}} upcoming bookings came from it; nothing was cancelled',
    pt: 'O calendário voltou sem nenhuma reserva, mas {{count}} reservas futuras vieram dele; nada foi cancelado',
    es: 'El calendario volvió sin ninguna reserva, pero {{count}} reservas futuras vinieron de él; no se canceló nada',
  },
  'calendar.error.suddenlyEmpty_one': {
    en: 'The calendar came back without any booking while {{count}} upcoming booking came from it; nothing was cancelled',
    pt: 'O calendário voltou sem nenhuma reserva, mas {{count}} reserva futura veio dele; nada foi cancelado',
    es: 'El calendario volvió sin ninguna reserva, pero {{count}} reserva futura vino de él; no se canceló nada',
  },
  'calendar.error.truncated': {
    en: 'The calendar arrived incomplete (cut off before its end); nothing was changed, the next sync tries again',
    pt: 'O calendário chegou incompleto (cortado antes do fim); nada foi alterado, a próxima sincronização tentará de novo',
    es: 'El calendario llegó incompleto (cortado antes del final); no se cambió nada, la próxima sincronización lo intentará de nuevo',
  },
  'calendar.warning.tooManyEvents': {
    en: 'The calendar has more than {{max}} stays: only the {{max}} nearest to today were imported',
    pt: 'O calendário tem mais de {{max}} estadias: só as {{max}} mais próximas de hoje foram importadas',
    es: 'El calendario tiene más de {{max}} estancias: solo se importaron las {{max}} más cercanas a hoy',
  },
  'calendar.warning.horizon': {
    en: 'Repeating events were read up to {{days}} days ahead; later repetitions will be imported as the dates come closer',
    pt: 'Eventos repetidos foram lidos até {{days}} dias à frente; as repetições seguintes serão importadas à medida que as datas se aproximarem',
    es: 'Los eventos repetidos se leyeron hasta {{days}} días adelante; las repeticiones posteriores se importarán a medida que se acerquen las fechas',
  },
  'calendar.warning.tooManySkipped': {
    en: 'More than {{max}} events could not be read: only the first {{max}} are listed',
    pt: 'Mais de {{max}} eventos não puderam ser lidos: só os primeiros {{max}} são listados',
    es: 'No se pudieron leer más de {{max}} eventos: solo se muestran los primeros {{max}}',
  },
  'calendar.skipped.noStart': {
    en: 'Event without a start date (DTSTART): not imported',
    pt: 'Evento sem data de início (DTSTART): não importado',
    es: 'Evento sin fecha de inicio (DTSTART): no importado',
  },
  'calendar.skipped.badDate': {
    en: 'Event with a date that does not exist ({{value}}): not imported',
    pt: 'Evento com uma data que não existe ({{value}}): não importado',
    es: 'Evento con una fecha que no existe ({{value}}): no importado',
  },
  'calendar.skipped.endBeforeStart': {
    en: 'Event that ends ({{end}}) before it starts ({{start}}): not imported',
    pt: 'Evento que termina ({{end}}) antes de começar ({{start}}): não importado',
    es: 'Evento que termina ({{end}}) antes de empezar ({{start}}): no importado',
  },
  'calendar.skipped.badRule': {
    en: 'Event with a repeat rule that cannot be read ({{rule}}): not imported',
    pt: 'Evento com uma regra de repetição ilegível ({{rule}}): não importado',
    es: 'Evento con una regla de repetición ilegible ({{rule}}): no importado',
  },
  'calendar.skipped.unsupportedRule': {
    en: 'Event with a repeat rule that is not supported ({{rule}}; for example another calendar scale or hourly repeats): not imported',
    pt: 'Evento com uma regra de repetição não suportada ({{rule}}; por exemplo outro calendário ou repetição por hora): não importado',
    es: 'Evento con una regla de repetición no admitida ({{rule}}; por ejemplo otro calendario o repetición por horas): no importado',
  },
  'calendar.skipped.ruleTooLong': {
    en: 'Event whose repeat rule ({{rule}}) goes back too far to be read: not imported',
    pt: 'Evento cuja regra de repetição ({{rule}}) começa longe demais no passado para ser lida: não importado',
    es: 'Evento cuya regla de repetición ({{rule}}) empieza demasiado atrás en el pasado para leerse: no importado',
  },
  'calendar.warning.blockShortened': {
    en: 'A block from {{start}} to {{end}} is longer than {{nights}} nights: only its first {{nights}} nights were taken',
    pt: 'Um bloqueio de {{start}} a {{end}} tem mais de {{nights}} noites: só as primeiras {{nights}} noites foram ocupadas',
    es: 'Un bloqueo del {{start}} al {{end}} supera las {{nights}} noches: solo se ocuparon sus primeras {{nights}} noches',
  },
  'calendar.skipped.noNight': {
    en: 'Event within a single day (starts {{start}}): it takes no night, so it is no stay: not imported',
    pt: 'Evento dentro de um só dia (começa {{start}}): não ocupa nenhuma noite, então não é uma estadia: não importado',
    es: 'Evento dentro de un solo día (empieza {{start}}): no ocupa ninguna noche, así que no es una estancia: no importado',
  },
  'calendar.skipped.noNightRepeating': {
    en: 'Repeating event within a single day ({{count}} times, first {{start}}): it takes no night, so it is no stay: not imported',
    pt: 'Evento repetido dentro de um só dia ({{count}} vezes, a primeira {{start}}): não ocupa nenhuma noite, então não é uma estadia: não importado',
    es: 'Evento repetido dentro de un solo día ({{count}} veces, la primera {{start}}): no ocupa ninguna noche, así que no es una estancia: no importado',
  },
  'calendar.skipped.tooLong': {
    en: 'Event that would last more than {{years}} years ({{value}}): its end or duration cannot be right: not imported',
    pt: 'Evento que duraria mais de {{years}} anos ({{value}}): o fim ou a duração não pode estar certo: não importado',
    es: 'Evento que duraría más de {{years}} años ({{value}}): su final o su duración no puede ser correcto: no importado',
  },
  'calendar.skipped.unreadable': {
    en: 'Event that could not be read (something in it we did not expect): not imported',
    pt: 'Evento que não pôde ser lido (algo nele que não esperávamos): não importado',
    es: 'Evento que no se pudo leer (algo en él que no esperábamos): no importado',
  },
  'calendar.warning.unknownZone': {
    en: 'The calendar names a time zone that is not known ("{{zone}}"): its times were read in {{fallback}}',
    pt: 'O calendário usa um fuso horário desconhecido ("{{zone}}"): os horários foram lidos em {{fallback}}',
    es: 'El calendario usa una zona horaria desconocida ("{{zone}}"): sus horas se leyeron en {{fallback}}',
  },
  'calendar.warning.tooManyBlocks': {
    en: 'The calendar has {{count}} upcoming blocks: only the first {{max}} were imported',
    pt: 'O calendário tem {{count}} bloqueios futuros: só os primeiros {{max}} foram importados',
    es: 'El calendario tiene {{count}} bloqueos futuros: solo se importaron los primeros {{max}}',
  },
  'reservation.doubleBooked': {
    en: 'Double booking: {{guest}} ({{source}}) and {{other}} ({{otherSource}}) both hold {{property}} from {{checkin}} to {{checkout}}',
    pt: 'Reserva dupla: {{guest}} ({{source}}) e {{other}} ({{otherSource}}) ocupam {{property}} de {{checkin}} a {{checkout}}',
    es: 'Reserva doble: {{guest}} ({{source}}) y {{other}} ({{otherSource}}) ocupan {{property}} del {{checkin}} al {{checkout}}',
  },
  'checklist.descriptionRequired': { en: 'Description is required', pt: 'Descrição é obrigatória', es: 'La descripción es obligatoria' },
  'checklist.tooManyItems': {
    en: 'A checklist can have at most 50 items',
    pt: 'Uma checklist pode ter no máximo 50 itens',
    es: 'Una checklist puede tener como máximo 50 elementos',
  },
  'checklist.photoKindRequired': { en: 'Choose before or after', pt: 'Escolha antes ou depois', es: 'Elige antes o después' },
  'checklist.requiredItemsOpen': {
    en: 'This task cannot be completed yet: {{count}} required checklist items are still open',
    pt: 'Esta tarefa ainda não pode ser concluída: {{count}} itens obrigatórios da checklist ainda em aberto',
    es: 'Esta tarea aún no se puede completar: quedan {{count}} elementos obligatorios de la checklist',
  },
  'checklist.requiredItemsOpen_one': {
    en: 'This task cannot be completed yet: {{count}} required checklist item is still open',
    pt: 'Esta tarefa ainda não pode ser concluída: {{count}} item obrigatório da checklist ainda em aberto',
    es: 'Esta tarea aún no se puede completar: queda {{count}} elemento obligatorio de la checklist',
  },
  'checklist.itemChanged': {
    en: 'Someone else changed this item meanwhile; it now shows their change',
    pt: 'Outra pessoa alterou este item enquanto isso; agora ele mostra a alteração',
    es: 'Otra persona cambió este elemento mientras tanto; ahora muestra su cambio',
  },
  'checklist.taskClosed': {
    en: 'The checklist of a completed or cancelled task cannot be changed; reopen the task first',
    pt: 'A checklist de uma tarefa concluída ou cancelada não pode ser alterada; reabra a tarefa primeiro',
    es: 'La checklist de una tarea completada o cancelada no se puede modificar; reabre la tarea primero',
  },
  'checklist.alreadyAttached': {
    en: 'This task already has a checklist (send replace: true to replace it)',
    pt: 'Esta tarefa já tem uma checklist (envie replace: true para substituí-la)',
    es: 'Esta tarea ya tiene una checklist (envía replace: true para reemplazarla)',
  },
  'checklist.templateEmpty': {
    en: 'This property has no default checklist yet',
    pt: 'Esta propriedade ainda não tem uma checklist padrão',
    es: 'Esta propiedad aún no tiene una checklist predeterminada',
  },
  'problem.descriptionRequired': {
    en: 'Describe the problem',
    pt: 'Descreva o problema',
    es: 'Describe el problema',
  },
  'problem.urgencyRequired': {
    en: 'Choose an urgency: low, medium, high or urgent',
    pt: 'Escolha a urgência: baixa, média, alta ou urgente',
    es: 'Elige la urgencia: baja, media, alta o urgente',
  },
  'problem.tooManyPhotos': {
    en: 'A problem report can have at most 10 photos',
    pt: 'Um relato de problema pode ter no máximo 10 fotos',
    es: 'Un reporte de problema puede tener como máximo 10 fotos',
  },
  'problem.title': { en: 'Problem: {{summary}}', pt: 'Problema: {{summary}}', es: 'Problema: {{summary}}' },
  'task.cancelledForStaff': {
    en: 'This task was cancelled by the office; it can no longer be changed',
    pt: 'Esta tarefa foi cancelada pelo escritório; não pode mais ser alterada',
    es: 'La oficina canceló esta tarea; ya no se puede modificar',
  },
  'idempotency.badKey': {
    en: 'The Idempotency-Key header must be 8 to 128 characters: letters, digits, - or _',
    pt: 'O cabeçalho Idempotency-Key deve ter de 8 a 128 caracteres: letras, dígitos, - ou _',
    es: 'La cabecera Idempotency-Key debe tener de 8 a 128 caracteres: letras, dígitos, - o _',
  },
  'idempotency.mismatch': {
    en: 'This Idempotency-Key was already used for a different request; send a new key for a new action',
    pt: 'Esta Idempotency-Key já foi usada para outro pedido; envie uma nova chave para uma nova ação',
    es: 'Esta Idempotency-Key ya se usó para otra solicitud; envía una clave nueva para una acción nueva',
  },
  'idempotency.inProgress': {
    en: 'This change is still being saved; it will be sent again in a moment',
    pt: 'Esta alteração ainda está sendo salva; ela será enviada novamente em instantes',
    es: 'Este cambio todavía se está guardando; se enviará de nuevo en un momento',
  },
  // A stay whose channel's feed gives no guest's name (Airbnb writes "Reserved").
  'calendar.channelGuest': { en: '{{channel}} guest', pt: 'Hóspede do {{channel}}', es: 'Huésped de {{channel}}' },
  'turnover.title': { en: 'Turnover cleaning — {{guest}}', pt: 'Limpeza de check-out — {{guest}}', es: 'Limpieza de salida — {{guest}}' },
  'turnover.description': {
    en: 'Automatic turnover: {{guest}} checks out on {{checkout}}.',
    pt: 'Limpeza automática: {{guest}} faz check-out em {{checkout}}.',
    es: 'Limpieza automática: {{guest}} hace el check-out el {{checkout}}.',
  },
  // A Booking.com export writes a guest's stay and an owner's closure alike ("CLOSED - Not available"):
  // the turnover names neither as a guest.
  'turnover.bookingOrClosure': { en: 'Booking.com stay or closure', pt: 'Reserva ou bloqueio do Booking.com', es: 'Reserva o cierre de Booking.com' },
  'turnover.descriptionAmbiguous': {
    en: 'Automatic turnover: Booking.com nights ending on {{checkout}}, a guest’s stay or a closure (the export does not say which). Check before cleaning.',
    pt: 'Limpeza automática: noites do Booking.com que terminam em {{checkout}}, reserva de hóspede ou bloqueio (a exportação não diz qual). Confirme antes de limpar.',
    es: 'Limpieza automática: noches de Booking.com que terminan el {{checkout}}, reserva de huésped o cierre (la exportación no dice cuál). Confirma antes de limpiar.',
  },
  'team.firstNameRequired': { en: 'First name is required', pt: 'Nome é obrigatório', es: 'El nombre es obligatorio' },
  'team.lastNameRequired': { en: 'Last name is required', pt: 'Sobrenome é obrigatório', es: 'El apellido es obligatorio' },
  'team.roleRequired': {
    en: 'Choose a role: ceo, operational_manager or staff',
    pt: 'Escolha uma função: ceo, operational_manager ou staff',
    es: 'Elige un rol: ceo, operational_manager o staff',
  },
  'propertyGroups.nameRequired': { en: 'Give the group a name', pt: 'Dê um nome ao grupo', es: 'Dale un nombre al grupo' },
  'propertyGroups.propertyIdsInvalid': {
    en: 'Choose up to 1,000 properties for the group',
    pt: 'Escolha até 1.000 propriedades para o grupo',
    es: 'Elige hasta 1.000 propiedades para el grupo',
  },
  'propertyGroups.unknownProperties': {
    en: 'These properties do not exist in your company: {{ids}}',
    pt: 'Estas propriedades não existem na sua empresa: {{ids}}',
    es: 'Estas propiedades no existen en tu empresa: {{ids}}',
  },
  'propertyGroups.unknownGroups': {
    en: 'These property groups do not exist: {{ids}}',
    pt: 'Estes grupos de propriedades não existem: {{ids}}',
    es: 'Estos grupos de propiedades no existen: {{ids}}',
  },
  'propertyGroups.groupIdsInvalid': {
    en: 'Choose up to 100 property groups',
    pt: 'Escolha até 100 grupos de propriedades',
    es: 'Elige hasta 100 grupos de propiedades',
  },
  'propertyGroups.inUse': {
    en: 'This group gives {{count}} member(s) their access: change their access in Team first',
    pt: 'Este grupo dá acesso a {{count}} membro(s): altere o acesso deles em Equipe primeiro',
    es: 'Este grupo da acceso a {{count}} miembro(s): cambia su acceso en Equipo primero',
  },
  'propertyGroups.ceoNotScoped': {
    en: 'A CEO always sees every property and cannot be limited to groups',
    pt: 'Um CEO sempre vê todas as propriedades e não pode ser limitado a grupos',
    es: 'Un CEO siempre ve todas las propiedades y no puede limitarse a grupos',
  },
  'propertyGroups.scopedCaller': {
    en: 'Only the CEO and managers with access to every property can do this',
    pt: 'Só o CEO e gerentes com acesso a todas as propriedades podem fazer isso',
    es: 'Solo el CEO y los gerentes con acceso a todas las propiedades pueden hacer esto',
  },
  // Owners and their portal (issue 41 point 3; docs/owners.md)
  'owners.propertyIdsRequired': {
    en: 'Choose at least one property this owner owns',
    pt: 'Escolha pelo menos uma propriedade deste proprietário',
    es: 'Elige al menos una propiedad de este propietario',
  },
  'owners.propertyIdsInvalid': { en: 'These are not property ids', pt: 'Estes não são ids de propriedades', es: 'Estos no son ids de propiedades' },
  'owners.propertyIdsTooMany': {
    en: 'An owner can have up to 200 properties',
    pt: 'Um proprietário pode ter até 200 propriedades',
    es: 'Un propietario puede tener hasta 200 propiedades',
  },
  'owners.propertyIdsOnlyForOwners': {
    en: 'Properties are chosen only when inviting an owner',
    pt: 'As propriedades só são escolhidas ao convidar um proprietário',
    es: 'Las propiedades solo se eligen al invitar a un propietario',
  },
  'owners.roleChangeRefused': {
    en: 'An owner cannot become a team member, nor a team member an owner: remove them and invite them again',
    pt: 'Um proprietário não pode virar membro da equipe, nem um membro virar proprietário: remova e convide novamente',
    es: 'Un propietario no puede pasar a ser miembro del equipo, ni un miembro propietario: elimínalo e invítalo de nuevo',
  },
  'owners.notForOwners': {
    en: "An owner sees only their own properties: change them with the owner's properties, not groups",
    pt: 'Um proprietário vê só as próprias propriedades: altere-as nas propriedades do proprietário, não em grupos',
    es: 'Un propietario ve solo sus propiedades: cámbialas en las propiedades del propietario, no en grupos',
  },
  'owners.notAnOwner': { en: 'This person is not an owner', pt: 'Esta pessoa não é um proprietário', es: 'Esta persona no es un propietario' },
  'owners.propertyRequired': { en: 'Choose the property', pt: 'Escolha a propriedade', es: 'Elige la propiedad' },
  'owners.fromInvalid': { en: 'The first day is not a valid date', pt: 'O primeiro dia não é uma data válida', es: 'El primer día no es una fecha válida' },
  'owners.toInvalid': { en: 'The last day is not a valid date', pt: 'O último dia não é uma data válida', es: 'El último día no es una fecha válida' },
  'owners.rangeInvalid': {
    en: 'Show from one day up to 120 days, the last day not before the first',
    pt: 'Mostre de um dia até 120 dias, o último dia não antes do primeiro',
    es: 'Muestra de un día hasta 120 días, el último día no antes del primero',
  },
  'owners.stayDatesInvalid': {
    en: 'The stay must end after it starts, and last at most 180 nights',
    pt: 'A estadia deve terminar depois de começar e durar no máximo 180 noites',
    es: 'La estancia debe terminar después de empezar y durar como máximo 180 noches',
  },
  'owners.stayInPast': {
    en: 'Choose nights from today on',
    pt: 'Escolha noites a partir de hoje',
    es: 'Elige noches a partir de hoy',
  },
  'owners.nightsTaken': {
    en: 'These nights are not free: {{night}} is already taken',
    pt: 'Estas noites não estão livres: {{night}} já está ocupada',
    es: 'Estas noches no están libres: {{night}} ya está ocupada',
  },
  'owners.nightsRequested': {
    en: 'You have already asked for some of these nights: cancel that request first',
    pt: 'Você já pediu algumas destas noites: cancele esse pedido primeiro',
    es: 'Ya pediste algunas de estas noches: cancela esa solicitud primero',
  },
  'owners.requestNotPending': {
    en: 'This request was already answered or cancelled',
    pt: 'Este pedido já foi respondido ou cancelado',
    es: 'Esta solicitud ya fue respondida o cancelada',
  },
  'team.lastCeo': {
    en: 'The company needs at least one CEO: make someone else CEO first',
    pt: 'A empresa precisa de pelo menos um CEO: torne outra pessoa CEO primeiro',
    es: 'La empresa necesita al menos un CEO: haz CEO a otra persona primero',
  },
  'team.cannotRemoveSelf': {
    en: 'You cannot remove yourself from the company',
    pt: 'Você não pode remover a si mesmo da empresa',
    es: 'No puedes eliminarte a ti mismo de la empresa',
  },
  'team.role.ceo': { en: 'CEO', pt: 'CEO', es: 'CEO' },
  'team.role.operational_manager': { en: 'Manager', pt: 'Gerente', es: 'Gerente' },
  'team.role.staff': { en: 'Staff', pt: 'Colaborador', es: 'Personal' },
  'team.role.owner': { en: 'Owner', pt: 'Proprietário', es: 'Propietario' },
  'team.alreadyMember': {
    en: 'This person is already a member of your team',
    pt: 'Esta pessoa já faz parte da sua equipe',
    es: 'Esta persona ya forma parte de tu equipo',
  },
  'team.alreadyInvited': {
    en: 'This person has already been invited: resend the invitation from the pending list',
    pt: 'Esta pessoa já foi convidada: reenvie o convite na lista de pendentes',
    es: 'Esta persona ya fue invitada: reenvía la invitación desde la lista de pendientes',
  },
  'team.inviteAccepted': {
    en: 'This person has already accepted the invitation',
    pt: 'Esta pessoa já aceitou o convite',
    es: 'Esta persona ya aceptó la invitación',
  },
  'email.invite.subject': {
    en: 'You are invited to join {{company}} on RentalOps',
    pt: 'Você foi convidado para a {{company}} no RentalOps',
    es: 'Te invitaron a unirte a {{company}} en RentalOps',
  },
  'email.invite.body': {
    en: 'Hello {{name}},\n\n{{inviter}} invited you to join {{company}} on RentalOps as {{role}}. Choose your password here to get started:\n{{link}}\n\nThe link is valid for 7 days. If you were not expecting this invitation, ignore this message.',
    pt: 'Olá {{name}},\n\n{{inviter}} convidou você para a {{company}} no RentalOps como {{role}}. Escolha sua senha aqui para começar:\n{{link}}\n\nO link vale por 7 dias. Se você não esperava este convite, ignore esta mensagem.',
    es: 'Hola {{name}},\n\n{{inviter}} te invitó a unirte a {{company}} en RentalOps como {{role}}. Elige tu contraseña aquí para empezar:\n{{link}}\n\nEl enlace es válido durante 7 días. Si no esperabas esta invitación, ignora este mensaje.',
  },
  'settings.hourInvalid': {
    en: 'Enter an hour from 0 to 23',
    pt: 'Informe uma hora de 0 a 23',
    es: 'Introduce una hora de 0 a 23',
  },
  'settings.checkoutNotBeforeCheckin': {
    en: 'Check-out must be earlier in the day than check-in, so a place can be cleaned between guests',
    pt: 'O check-out deve ser mais cedo que o check-in, para haver tempo de limpar entre hóspedes',
    es: 'La salida debe ser antes que la entrada en el día, para poder limpiar entre huéspedes',
  },
  'settings.lateAfterInvalid': {
    en: 'Enter whole minutes from 0 to 120',
    pt: 'Informe minutos inteiros de 0 a 120',
    es: 'Introduce minutos enteros de 0 a 120',
  },
  'settings.assigneeNotMember': {
    en: 'Choose a member who has joined your team',
    pt: 'Escolha um membro que já entrou na sua equipe',
    es: 'Elige un miembro que ya se haya unido a tu equipo',
  },
  'settings.durationInvalid': {
    en: 'Enter whole minutes from 5 to 1440',
    pt: 'Informe minutos inteiros de 5 a 1440',
    es: 'Introduce minutos enteros de 5 a 1440',
  },
  // Inspections and readiness (issue 40 points 2 and 3; docs/inspections-readiness.md).
  'settings.readinessHoursInvalid': {
    en: 'Enter whole hours from 1 to 24',
    pt: 'Informe horas inteiras de 1 a 24',
    es: 'Introduce horas enteras de 1 a 24',
  },
  'property.unknownInspector': {
    en: 'Choose a member of your team as the inspector',
    pt: 'Escolha um membro da sua equipe como inspetor',
    es: 'Elige a un miembro de tu equipo como inspector',
  },
  'inspection.passedRequired': {
    en: 'Say whether the inspection passed (true) or failed (false)',
    pt: 'Diga se a inspeção foi aprovada (true) ou reprovada (false)',
    es: 'Indica si la inspección se aprobó (true) o no (false)',
  },
  'inspection.notInspection': {
    en: 'This task is not an inspection: only an inspection task records a result',
    pt: 'Esta tarefa não é uma inspeção: só uma tarefa de inspeção registra um resultado',
    es: 'Esta tarea no es una inspección: solo una tarea de inspección registra un resultado',
  },
  'inspection.alreadyRecorded': {
    en: "This inspection's result is already recorded; the next cleaning gets a new inspection",
    pt: 'O resultado desta inspeção já foi registrado; a próxima limpeza recebe uma nova inspeção',
    es: 'El resultado de esta inspección ya está registrado; la próxima limpieza recibe una nueva inspección',
  },
  'inspection.unknownItems': {
    en: "These items are not on the inspection's checklist: {{items}}",
    pt: 'Estes itens não estão na checklist da inspeção: {{items}}',
    es: 'Estos elementos no están en la checklist de la inspección: {{items}}',
  },
  'inspection.passedWithFailures': {
    en: 'A passed inspection has no failed items: remove them, or record a fail',
    pt: 'Uma inspeção aprovada não tem itens reprovados: remova-os ou registre uma reprovação',
    es: 'Una inspección aprobada no tiene elementos fallidos: quítalos o registra un suspenso',
  },
  'inspection.failNeedsReason': {
    en: 'Say what failed: mark at least one item, or write a note',
    pt: 'Diga o que falhou: marque pelo menos um item ou escreva uma observação',
    es: 'Indica qué falló: marca al menos un elemento o escribe una nota',
  },
  'inspection.cleaningClosed': {
    en: 'The inspected cleaning was cancelled or reopened meanwhile: nothing was recorded',
    pt: 'A limpeza inspecionada foi cancelada ou reaberta entretanto: nada foi registrado',
    es: 'La limpieza inspeccionada se canceló o se reabrió mientras tanto: no se registró nada',
  },
  'inspection.tooManyItems': {
    en: 'Too many failed items',
    pt: 'Itens reprovados demais',
    es: 'Demasiados elementos fallidos',
  },
  'inspection.useResult': {
    en: 'Record the inspection as passed or failed (POST /api/tasks/{id}/inspection): it cannot just be marked done',
    pt: 'Registre a inspeção como aprovada ou reprovada (POST /api/tasks/{id}/inspection): ela não pode só ser marcada como concluída',
    es: 'Registra la inspección como aprobada o suspendida (POST /api/tasks/{id}/inspection): no se puede solo marcar como hecha',
  },
  'inspection.defaultTitle': {
    en: 'Inspection: {{title}}',
    pt: 'Inspeção: {{title}}',
    es: 'Inspección: {{title}}',
  },
  'inspection.roundTitle': {
    en: 'Inspection (round {{round}}): {{title}}',
    pt: 'Inspeção (rodada {{round}}): {{title}}',
    es: 'Inspección (ronda {{round}}): {{title}}',
  },
  'task.turnoverReplaced': {
    en: "This cleaning's stay now ends on another day, which has a cleaning of its own. Nothing was changed; reopen that one if it needs redoing.",
    pt: 'A estadia desta limpeza agora termina em outro dia, que tem uma limpeza própria. Nada foi alterado; reabra aquela se precisar refazer.',
    es: 'La estancia de esta limpieza ahora termina otro día, que tiene su propia limpieza. No se cambió nada; reabre aquella si hay que rehacerla.',
  },
  'task.changedMeanwhile': {
    en: 'Someone changed this task meanwhile. Nothing was saved; look at it again.',
    pt: 'Alguém alterou esta tarefa nesse meio-tempo. Nada foi salvo; veja-a de novo.',
    es: 'Alguien cambió esta tarea mientras tanto. No se guardó nada; vuelve a mirarla.',
  },
  // Repairs the owner pays for (issue 41 point 4; docs/owner-approvals.md)
  'task.estimatedCostInvalid': {
    en: 'Enter the estimated cost as an amount from 0 to 99,999,999.99',
    pt: 'Informe o custo estimado como um valor de 0 a 99.999.999,99',
    es: 'Introduce el coste estimado como un importe de 0 a 99.999.999,99',
  },
  'property.approvalLimitInvalid': {
    en: "Enter the owner's approval limit as an amount from 0 to 99,999,999.99, or leave it empty to never ask",
    pt: 'Informe o limite de aprovação do proprietário como um valor de 0 a 99.999.999,99, ou deixe vazio para nunca pedir',
    es: 'Introduce el límite de aprobación del propietario como un importe de 0 a 99.999.999,99, o déjalo vacío para no preguntar nunca',
  },
  'approval.pending': {
    en: "Waiting for the owner's approval: this repair cannot be started or completed until the owner approves it",
    pt: 'Aguardando a aprovação do proprietário: este reparo não pode ser iniciado nem concluído até o proprietário aprová-lo',
    es: 'Esperando la aprobación del propietario: esta reparación no se puede empezar ni terminar hasta que el propietario la apruebe',
  },
  'approval.notPending': {
    en: 'This repair is not waiting for your approval any more (it was decided, changed or cancelled). Nothing was saved.',
    pt: 'Este reparo não aguarda mais a sua aprovação (foi decidido, alterado ou cancelado). Nada foi salvo.',
    es: 'Esta reparación ya no espera tu aprobación (se decidió, cambió o canceló). No se guardó nada.',
  },
  'approval.decisionRequired': {
    en: 'Say whether you approve the repair',
    pt: 'Diga se você aprova o reparo',
    es: 'Indica si apruebas la reparación',
  },
  // Webhooks (issue 39 point 4)
  'webhooks.urlInvalid': {
    en: 'Enter the full address of your endpoint, starting with https:// (no user name or password in it)',
    pt: 'Informe o endereço completo do seu endpoint, começando com https:// (sem usuário ou senha nele)',
    es: 'Introduce la dirección completa de tu endpoint, empezando por https:// (sin usuario ni contraseña)',
  },
  'webhooks.eventsRequired': {
    en: 'Choose at least one event to send',
    pt: 'Escolha pelo menos um evento para enviar',
    es: 'Elige al menos un evento para enviar',
  },
  'webhooks.eventUnknown': {
    en: 'Unknown event: choose from the list',
    pt: 'Evento desconhecido: escolha da lista',
    es: 'Evento desconocido: elige de la lista',
  },
  'webhooks.limitReached': {
    en: 'A company can have at most {{max}} webhook endpoints; remove one first',
    pt: 'Uma empresa pode ter no máximo {{max}} endpoints de webhook; remova um primeiro',
    es: 'Una empresa puede tener como máximo {{max}} endpoints de webhook; elimina uno primero',
  },
  'webhooks.testFailed': {
    en: 'The test delivery to {{url}} failed: {{reason}}. The endpoint was not saved: it must answer the test event with a 2xx status.',
    pt: 'A entrega de teste para {{url}} falhou: {{reason}}. O endpoint não foi salvo: ele deve responder ao evento de teste com um status 2xx.',
    es: 'La entrega de prueba a {{url}} falló: {{reason}}. El endpoint no se guardó: debe responder al evento de prueba con un estado 2xx.',
  },
  'webhooks.error.http': {
    en: 'the endpoint answered HTTP {{status}}',
    pt: 'o endpoint respondeu HTTP {{status}}',
    es: 'el endpoint respondió HTTP {{status}}',
  },
  'webhooks.error.redirect': {
    en: 'the endpoint answered with a redirect (HTTP {{status}}); redirects are not followed, use the final address',
    pt: 'o endpoint respondeu com um redirecionamento (HTTP {{status}}); redirecionamentos não são seguidos, use o endereço final',
    es: 'el endpoint respondió con una redirección (HTTP {{status}}); las redirecciones no se siguen, usa la dirección final',
  },
  'webhooks.error.timeout': {
    en: 'the endpoint did not answer within {{seconds}} s',
    pt: 'o endpoint não respondeu em {{seconds}} s',
    es: 'el endpoint no respondió en {{seconds}} s',
  },
  'webhooks.error.unreachable': {
    en: 'the endpoint could not be reached ({{error}})',
    pt: 'não foi possível acessar o endpoint ({{error}})',
    es: 'no se pudo acceder al endpoint ({{error}})',
  },
  'webhooks.error.hostNotAllowed': {
    en: 'this address is not allowed (private or local network)',
    pt: 'este endereço não é permitido (rede privada ou local)',
    es: 'esta dirección no está permitida (red privada o local)',
  },
  'myNotifications.smsNeedsPhone': {
    en: 'Add your phone number (with the country code) to get SMS',
    pt: 'Informe seu número de telefone (com o código do país) para receber SMS',
    es: 'Añade tu número de teléfono (con el código de país) para recibir SMS',
  },
  'myTasks.daysInvalid': {
    en: 'Choose from 1 to 31 days',
    pt: 'Escolha de 1 a 31 dias',
    es: 'Elige de 1 a 31 días',
  },
} as const satisfies Record<string, Record<UiLanguage, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/** Resolve a key (or pass a literal through) in a language, filling {{name}} placeholders. */
/**
 * The key of a message's form for `count`, as i18next picks it on the screens: `<key>_one` (or
 * another CLDR category) when the message has that form, else the key itself (its plural form).
 */
function pluralKey(key: MessageKey, language: UiLanguage, count: unknown): MessageKey {
  if (typeof count !== 'number') return key;
  const form = `${key}_${new Intl.PluralRules(language).select(count)}`;
  return isMessageKey(form) ? form : key;
}

export function translateMessage(
  keyOrText: string,
  language: UiLanguage,
  params: Record<string, string | number> = {},
): string {
  const template = isMessageKey(keyOrText) ? MESSAGES[pluralKey(keyOrText, language, params.count)][language] : keyOrText;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{{${name}}}`;
    // A parameter may itself be a message key (a plan's name), translated in the same language.
    return typeof value === 'string' && isMessageKey(value) ? MESSAGES[value][language] : String(value);
  });
}

/** Accept-Language header -> en | pt | es (shared/enums.ts, where the frontend's entry reads it too). */
export { languageFromHeader } from './enums';
