/**
 * Word lists the seed draws from. Values are the API's stored forms (lower-case codes where the
 * backend would keep a code); the web app turns them into labels.
 */

import { RELIGIONS_WITH_PAGES, type ReligionWithPage } from '@matchmaker/sdk/rules';
import { PROFILE_CHOICES } from '@matchmaker/sdk/schemas';

/** The five religions of SPEC.md (those with religion pages). */
export const RELIGIONS = RELIGIONS_WITH_PAGES;
export type Religion = ReligionWithPage;

export type Culture =
  | 'anglo'
  | 'latin'
  | 'arabic'
  | 'turkish'
  | 'south-asian-muslim'
  | 'indian'
  | 'hebrew'
  | 'west-african'
  | 'east-african'
  | 'malay'
  | 'filipino'
  | 'polynesian'
  | 'european';

interface NameSet {
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
}

export const NAMES: Record<Culture, NameSet> = {
  anglo: {
    male: [
      'James',
      'Michael',
      'David',
      'Daniel',
      'Matthew',
      'Andrew',
      'Joshua',
      'Samuel',
      'Nathan',
      'Caleb',
      'Ethan',
      'Benjamin',
      'Luke',
      'Isaac',
    ],
    female: [
      'Emily',
      'Sarah',
      'Hannah',
      'Rachel',
      'Abigail',
      'Grace',
      'Olivia',
      'Rebecca',
      'Madison',
      'Lydia',
      'Chloe',
      'Anna',
      'Claire',
      'Naomi',
    ],
    last: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Taylor',
      'Anderson',
      'Thompson',
      'Young',
      'Walker',
      'Hall',
      'Allen',
      'Wright',
      'Mitchell',
      'Carter',
      'Jensen',
      'Larsen',
    ],
  },
  latin: {
    male: [
      'Carlos',
      'Juan',
      'Luis',
      'Mateo',
      'Diego',
      'Javier',
      'Gabriel',
      'Rafael',
      'Andrés',
      'Tomás',
      'João',
      'Pedro',
    ],
    female: [
      'María',
      'Sofía',
      'Camila',
      'Valentina',
      'Lucía',
      'Isabela',
      'Gabriela',
      'Ana',
      'Daniela',
      'Fernanda',
      'Mariana',
      'Beatriz',
    ],
    last: [
      'García',
      'Rodríguez',
      'Martínez',
      'Hernández',
      'López',
      'González',
      'Pérez',
      'Silva',
      'Santos',
      'Oliveira',
      'Ramírez',
      'Torres',
    ],
  },
  arabic: {
    male: [
      'Omar',
      'Ahmed',
      'Yusuf',
      'Khalid',
      'Hassan',
      'Ibrahim',
      'Karim',
      'Tariq',
      'Mustafa',
      'Hamza',
      'Bilal',
      'Zayd',
    ],
    female: [
      'Fatima',
      'Aisha',
      'Maryam',
      'Layla',
      'Noor',
      'Zainab',
      'Amira',
      'Salma',
      'Huda',
      'Yasmin',
      'Leila',
      'Rania',
    ],
    last: [
      'Al-Sayed',
      'Haddad',
      'Mansour',
      'Khalil',
      'Nasser',
      'Farouk',
      'Hamdan',
      'Aziz',
      'Rahman',
      'Saleh',
      'Othman',
      'Qureshi',
    ],
  },
  turkish: {
    male: ['Mehmet', 'Emre', 'Burak', 'Can', 'Murat', 'Oğuz', 'Kerem', 'Selim'],
    female: ['Elif', 'Zeynep', 'Ayşe', 'Merve', 'Defne', 'Ebru', 'Selin', 'Esra'],
    last: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Aydın', 'Öztürk', 'Arslan'],
  },
  'south-asian-muslim': {
    male: ['Imran', 'Faisal', 'Ali', 'Usman', 'Adnan', 'Rizwan', 'Shahid', 'Arif', 'Nabil', 'Tanvir'],
    female: ['Ayesha', 'Sana', 'Hina', 'Nadia', 'Farah', 'Rabia', 'Sadia', 'Mehreen', 'Nusrat', 'Tasnim'],
    last: ['Khan', 'Ahmed', 'Hussain', 'Malik', 'Chowdhury', 'Siddiqui', 'Sheikh', 'Butt', 'Rahman', 'Islam'],
  },
  indian: {
    male: [
      'Arjun',
      'Rohan',
      'Vikram',
      'Aditya',
      'Rahul',
      'Karthik',
      'Sanjay',
      'Vivek',
      'Nikhil',
      'Pranav',
      'Siddharth',
      'Anil',
    ],
    female: [
      'Priya',
      'Ananya',
      'Kavya',
      'Divya',
      'Meera',
      'Pooja',
      'Lakshmi',
      'Neha',
      'Shreya',
      'Aditi',
      'Riya',
      'Deepa',
    ],
    last: [
      'Sharma',
      'Patel',
      'Iyer',
      'Reddy',
      'Nair',
      'Gupta',
      'Menon',
      'Joshi',
      'Rao',
      'Verma',
      'Desai',
      'Pillai',
      'Shah',
      'Thapa',
    ],
  },
  hebrew: {
    male: [
      'Avi',
      'Eitan',
      'Yosef',
      'Noam',
      'Ariel',
      'Moshe',
      'Daniel',
      'Yonatan',
      'Ari',
      'Elior',
      'Gideon',
      'Asher',
    ],
    female: [
      'Tamar',
      'Noa',
      'Shira',
      'Yael',
      'Maya',
      'Talia',
      'Miriam',
      'Leah',
      'Avigail',
      'Hadas',
      'Esther',
      'Rivka',
    ],
    last: [
      'Cohen',
      'Levi',
      'Mizrahi',
      'Peretz',
      'Friedman',
      'Katz',
      'Goldberg',
      'Rosen',
      'Shapiro',
      'Ben-David',
      'Azoulay',
      'Weiss',
    ],
  },
  'west-african': {
    male: [
      'Chinedu',
      'Emeka',
      'Tunde',
      'Kwame',
      'Kofi',
      'Obinna',
      'Segun',
      'Ifeanyi',
      'Musa',
      'Abdullahi',
      'Yaw',
      'Femi',
    ],
    female: [
      'Ngozi',
      'Amaka',
      'Funmilayo',
      'Adaeze',
      'Akosua',
      'Abena',
      'Chioma',
      'Zainab',
      'Hauwa',
      'Yetunde',
      'Efua',
      'Nneka',
    ],
    last: [
      'Okafor',
      'Adeyemi',
      'Okonkwo',
      'Mensah',
      'Boateng',
      'Bello',
      'Eze',
      'Balogun',
      'Nwosu',
      'Asante',
      'Danjuma',
      'Ogunleye',
    ],
  },
  'east-african': {
    male: ['Abebe', 'Dawit', 'Baraka', 'Otieno', 'Kamau', 'Yonas', 'Juma', 'Tesfaye'],
    female: ['Almaz', 'Wanjiru', 'Amani', 'Selam', 'Njeri', 'Hana', 'Makena', 'Tigist'],
    last: ['Kebede', 'Mwangi', 'Odhiambo', 'Tadesse', 'Kariuki', 'Wolde', 'Ochieng', 'Haile'],
  },
  malay: {
    male: ['Ahmad', 'Rizal', 'Hafiz', 'Arif', 'Iskandar', 'Faizal', 'Budi', 'Wayan'],
    female: ['Siti', 'Nurul', 'Aisyah', 'Dewi', 'Putri', 'Intan', 'Ketut', 'Ayu'],
    last: ['Abdullah', 'Ismail', 'Hakim', 'Santoso', 'Wijaya', 'Ibrahim', 'Hidayat', 'Kusuma'],
  },
  filipino: {
    male: ['Jose', 'Mark', 'Paolo', 'Miguel', 'Carlo', 'Ramon', 'Angelo', 'Jericho'],
    female: ['Maricel', 'Angelica', 'Kristine', 'Joy', 'Rowena', 'Patricia', 'Bea', 'Liza'],
    last: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Aquino', 'Dela Cruz'],
  },
  polynesian: {
    male: ['Sione', 'Tevita', 'Manu', 'Tama', 'Losa', 'Viliami', 'Ioane', 'Pita'],
    female: ['Mele', 'Ana', 'Leilani', 'Sela', 'Moana', 'Lupe', 'Talia', 'Salote'],
    last: ['Tupou', 'Fifita', 'Taufa', 'Vaipulu', 'Faleolo', 'Tuilagi', 'Havili', 'Mahe'],
  },
  european: {
    male: ['Lukas', 'Jan', 'Pierre', 'Marco', 'Tomasz', 'Andriy', 'Liam', 'Hugo', 'Sebastian', 'Niels'],
    female: ['Sophie', 'Anna', 'Julia', 'Chiara', 'Katarzyna', 'Olena', 'Aoife', 'Camille', 'Lena', 'Eva'],
    last: [
      'Müller',
      'Schmidt',
      'Dubois',
      'Rossi',
      'Kowalski',
      'Shevchenko',
      "O'Brien",
      'de Vries',
      'Bernard',
      'Novak',
    ],
  },
};

/** Which names fit a member of a religion in a country. */
export function cultureOf(religion: Religion, countryCode: string): Culture {
  const region = REGION[countryCode] ?? 'west';
  switch (religion) {
    case 'muslim':
      if (countryCode === 'TR') return 'turkish';
      if (['PK', 'BD', 'IN', 'GB', 'LK'].includes(countryCode)) return 'south-asian-muslim';
      if (['ID', 'MY', 'SG'].includes(countryCode)) return 'malay';
      if (['NG', 'GH'].includes(countryCode)) return 'west-african';
      if (['KE', 'ET'].includes(countryCode)) return 'east-african';
      return 'arabic';
    case 'hindu':
      return countryCode === 'ID' ? 'malay' : 'indian';
    case 'jew':
      return 'hebrew';
    case 'mormon':
      if (['TO', 'WS', 'NZ', 'FJ'].includes(countryCode)) return 'polynesian';
      if (region === 'latin') return 'latin';
      if (countryCode === 'PH') return 'filipino';
      if (countryCode === 'GH') return 'west-african';
      return 'anglo';
    case 'christian':
      if (region === 'latin') return 'latin';
      if (countryCode === 'PH') return 'filipino';
      if (['NG', 'GH'].includes(countryCode)) return 'west-african';
      if (['KE', 'ET', 'ZA'].includes(countryCode)) return 'east-african';
      if (['TO', 'WS', 'FJ'].includes(countryCode)) return 'polynesian';
      if (region === 'europe') return 'european';
      if (['IN', 'LK', 'AE', 'SG', 'MY', 'ID'].includes(countryCode)) return 'indian';
      if (['EG', 'IL'].includes(countryCode)) return 'arabic';
      return 'anglo';
  }
}

const REGION: Record<string, 'latin' | 'europe' | 'west'> = {
  BR: 'latin',
  MX: 'latin',
  AR: 'latin',
  PE: 'latin',
  CO: 'latin',
  ES: 'latin',
  FR: 'europe',
  DE: 'europe',
  NL: 'europe',
  IT: 'europe',
  PL: 'europe',
  UA: 'europe',
  IE: 'europe',
};

export const DENOMINATIONS: Record<Religion, readonly string[]> = {
  christian: [
    'Catholic',
    'Orthodox',
    'Baptist',
    'Methodist',
    'Pentecostal',
    'Anglican',
    'Lutheran',
    'Presbyterian',
    'Adventist',
    'Non-denominational',
  ],
  mormon: ['The Church of Jesus Christ of Latter-day Saints', 'Community of Christ'],
  muslim: ['Sunni', 'Shia', 'Sufi'],
  hindu: ['Vaishnavism', 'Shaivism', 'Shaktism', 'Smartism'],
  jew: ['Orthodox', 'Modern Orthodox', 'Conservative', 'Reform', 'Traditional'],
};

export const ETHNICITIES: Record<Culture, readonly string[]> = {
  anglo: ['White', 'Mixed', 'Black'],
  latin: ['Hispanic / Latino', 'Mixed'],
  arabic: ['Arab', 'Middle Eastern'],
  turkish: ['Middle Eastern'],
  'south-asian-muslim': ['South Asian'],
  indian: ['South Asian'],
  hebrew: ['Ashkenazi', 'Sephardi', 'Mizrahi'],
  'west-african': ['Black / African'],
  'east-african': ['Black / African'],
  malay: ['Southeast Asian'],
  filipino: ['Southeast Asian', 'Mixed'],
  polynesian: ['Pacific Islander'],
  european: ['White'],
};

export const SEXES = ['male', 'female'] as const;
// The SDK's lists of the profile's fixed-choice fields (what the web app's forms offer).
export const MARITAL_TYPES = PROFILE_CHOICES.marital_type;
export const BODY_TYPES = PROFILE_CHOICES.body_type;
export const CURRENT_STATUSES = PROFILE_CHOICES.current_status;
export const DRINKING = PROFILE_CHOICES.drinking_status;
export const SMOKING = PROFILE_CHOICES.smoking_status;
export const EDUCATION = PROFILE_CHOICES.education_level;
export const WANT_CHILDREN = PROFILE_CHOICES.want_children;

export const OCCUPATIONS = [
  'Software Engineer',
  'Teacher',
  'Nurse',
  'Accountant',
  'Pharmacist',
  'Architect',
  'Civil Engineer',
  'Doctor',
  'Lawyer',
  'Graphic Designer',
  'Entrepreneur',
  'Marketing Manager',
  'Data Analyst',
  'Pilot',
  'Chef',
  'Dentist',
  'Social Worker',
  'Electrician',
  'Sales Representative',
  'Researcher',
  'Journalist',
  'Physiotherapist',
  'Financial Advisor',
  'Project Manager',
  'Veterinarian',
  'Photographer',
  'Student',
  'Consultant',
  'Midwife',
  'Imam',
  'Youth Pastor',
  'Cantor',
  'Musician',
  'Farmer',
  'Civil Servant',
] as const;

export const HOBBIES = [
  'hiking',
  'cooking for family and friends',
  'reading history',
  'volunteering at my congregation',
  'playing football',
  'travelling',
  'gardening',
  'photography',
  'learning languages',
  'choir singing',
  'calligraphy',
  'running',
  'board games',
  'baking',
  'studying scripture',
  'swimming',
  'camping',
  'painting',
  'playing the piano',
] as const;

export const VALUES_SENTENCES = [
  'Faith and family are at the centre of my life.',
  'I am looking for a kind partner to build a home with.',
  'My parents are involved and I would love you to meet them.',
  'I value honesty, patience and a good sense of humour.',
  'I hope to marry within the next year or two.',
  'Community matters to me; I serve whenever I can.',
  'I am close to my siblings and we meet every week.',
  'I believe a marriage grows through prayer and kindness.',
] as const;
