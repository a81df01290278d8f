// Every test process writes its settings, recent files and recovery copy into
// a folder of its own, removed when the process ends. ctest runs the tests of
// one suite as separate processes side by side; with one shared location
// (QStandardPaths' test mode is one folder per user) one test's clean-up could
// delete the recovery copy another test had just written.
#pragma once

#include <QByteArray>
#include <QTemporaryDir>

#include <cstdlib>

namespace impactlab::test {

// Points the XDG config and data homes, which QSettings and
// QStandardPaths::AppDataLocation read on Linux, at a fresh temporary folder.
// Call before the Q*Application is made; the folder lives until exit.
inline void usePrivateUserDirectories() {
    static QTemporaryDir home;
    if (!home.isValid()) {
        std::abort();  // a test that would write into the user's own folders must not run
    }
    qputenv("XDG_CONFIG_HOME", home.filePath("config").toLocal8Bit());
    qputenv("XDG_DATA_HOME", home.filePath("data").toLocal8Bit());
    qputenv("XDG_STATE_HOME", home.filePath("state").toLocal8Bit());
}

}  // namespace impactlab::test
