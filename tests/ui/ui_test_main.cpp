// main() for the Qt widget test programs: a QApplication must exist before any
// widget. Runs headless by default (offscreen platform) so the suites pass on
// CI machines without a display; an explicit QT_QPA_PLATFORM is respected.
#include <QApplication>
#include <gtest/gtest.h>

#include "PrivateUserDirectories.h"

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings, recent files and recovery copies go to this process's own
    // folder, never the user's nor another test's.
    impactlab::test::usePrivateUserDirectories();
    QApplication app(argc, argv);
    QApplication::setOrganizationName("ImpactLabTests");
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
