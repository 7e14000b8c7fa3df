package bench

import _ "github.com/mousemaze/mousemaze/backends" // the cpu backend the tables measure
