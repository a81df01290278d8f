// main() for the Qt widget test programs: a QApplication must exist before any
// widget. Runs headless by default (offscreen platform) so the suites pass on
// CI machines without a display; an explicit QT_QPA_PLATFORM is respected.
#include <QApplication>
#include <QStandardPaths>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Settings, recent files and recovery copies go to a test location, never
    // the user's own.
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName("ImpactLabTests");
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
