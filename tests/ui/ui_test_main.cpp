// main() for the Qt widget test programs: a QApplication must exist before any
// widget. Runs headless by default (offscreen platform) so the suites pass on
// CI machines without a display; an explicit QT_QPA_PLATFORM is respected.
#include <QApplication>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
